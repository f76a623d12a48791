import { z } from 'zod/mini';
import { adminPackageSchema, packageStatsSchema } from '@shared/admin-catalogue-packages';
import { adminRequest } from '../api/admin-request';

export const packageKeys = { all: ['admin', 'packages'] as const, stats: ['admin', 'packages', 'stats'] as const };
/** The guest site's packages, refreshed after a change so this browser shows it too. */
export const guestPackagesKey = ['packages'] as const;

export const listAdminPackages = ({ signal }: { signal?: AbortSignal } = {}) =>
  adminRequest('/packages/admin/all', z.array(adminPackageSchema), { ...(signal ? { signal } : {}) });
export const getPackageStats = ({ signal }: { signal?: AbortSignal } = {}) =>
  adminRequest('/packages/admin/stats', packageStatsSchema, { ...(signal ? { signal } : {}) });
export const savePackage = (id: string | undefined, body: unknown) =>
  id
    ? adminRequest(`/packages/admin/${encodeURIComponent(id)}`, adminPackageSchema, { method: 'PUT', body })
    : adminRequest('/packages/admin', adminPackageSchema, { method: 'POST', body });
export const deletePackage = (id: string) => adminRequest(`/packages/admin/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });
