import { paths } from '@/config/paths';

/** Where to go after signing in: back where the guard sent the guest from, else My bookings. */
export const returnPath = (state: unknown): string => {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : paths.account.getHref();
};
