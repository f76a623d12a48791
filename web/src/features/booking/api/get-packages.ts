import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { stayPackageSchema } from './schemas';

const packageListSchema = z.array(stayPackageSchema);

/** The active stay packages (step 2); the same factory serves the hook and the prefetch from step 1. */
export const getPackagesQueryOptions = () =>
  queryOptions({
    queryKey: ['packages'] as const,
    queryFn: ({ signal }) => apiRequest('/packages', packageListSchema, { signal }),
  });

export const usePackages = () => useQuery(getPackagesQueryOptions());
