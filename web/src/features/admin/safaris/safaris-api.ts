import { z } from 'zod/mini';
import { adminSafariSchema, safariStatsSchema } from '@shared/admin-catalogue-safaris';
import { adminRequest } from '../api/admin-request';

export const safariKeys = { all: ['admin', 'safaris'] as const, stats: ['admin', 'safaris', 'stats'] as const };
/** The guest site's safaris, refreshed after a change so this browser shows it too. */
export const guestSafarisKey = ['safaris'] as const;

export const listAdminSafaris = ({ signal }: { signal?: AbortSignal } = {}) =>
  adminRequest('/safaris/admin/all', z.array(adminSafariSchema), { ...(signal ? { signal } : {}) });
export const getSafariStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  adminRequest('/safaris/admin/stats', safariStatsSchema, { ...(signal ? { signal } : {}) });
export const saveSafari = (id: string | undefined, body: unknown) =>
  id
    ? adminRequest(`/safaris/admin/${encodeURIComponent(id)}`, adminSafariSchema, { method: 'PUT', body })
    : adminRequest('/safaris/admin', adminSafariSchema, { method: 'POST', body });
export const deleteSafari = (id: string) => adminRequest(`/safaris/admin/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
