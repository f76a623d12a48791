import { useQuery } from '@tanstack/react-query';
import { loadSiteConfig } from './site-config';

/**
 * `/config.json` for a component (how guests pay: the built-in test provider or Razorpay with its
 * key). Loaded once per visit; undefined while loading or if it could not be read.
 */
export const useSiteConfig = () => useQuery({ queryKey: ['site-config'], queryFn: loadSiteConfig, staleTime: Infinity, gcTime: Infinity, retry: false });
