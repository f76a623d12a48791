import { z } from 'zod/mini';
import { adminUserSchema, unlockResultSchema, userListSchema, type AdminUser, type UserList } from '@shared/admin-users';
import { adminRequest } from '../api/admin-request';

export type UserFilters = { role: string; status: string; q: string };

export const userKeys = {
  all: ['admin', 'users'] as const,
  list: (filters: UserFilters) => ['admin', 'users', filters] as const,
};

export function listUsers(filters: UserFilters, cursor?: string): Promise<UserList> {
  const query = new URLSearchParams({ limit: '25' });
  if (filters.role) query.set('role', filters.role);
  if (filters.status) query.set('status', filters.status);
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (cursor) query.set('cursor', cursor);
  return adminRequest(`/admin/users?${query.toString()}`, userListSchema);
}

const byId = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

export const createUser = (body: Record<string, unknown>): Promise<AdminUser> => adminRequest('/admin/users', adminUserSchema, { method: 'POST', body });
export const updateUser = (id: string, body: Record<string, unknown>): Promise<AdminUser> => adminRequest(byId(id), adminUserSchema, { method: 'PUT', body });
export const deleteUser = (id: string): Promise<unknown> => adminRequest(byId(id), z.unknown(), { method: 'DELETE' });
export const resetUserPassword = (id: string, password: string): Promise<AdminUser> =>
  adminRequest(`${byId(id)}/reset-password`, adminUserSchema, { method: 'POST', body: { password } });
export const unlockUser = (id: string) => adminRequest(`${byId(id)}/unlock`, unlockResultSchema, { method: 'POST' });
