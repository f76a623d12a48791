import { z } from 'zod/mini';
import { adminCottageSchema, type AdminCottage, type CottageInputDraft } from '@shared/admin-catalogue-cottages';
import { adminRequest } from '../api/admin-request';

export const cottageKeys = { all: ['admin', 'cottages'] as const };
/** The guest site's list of villas, refreshed after a change so this browser shows it too. */
export const guestCottagesKey = ['cottages'] as const;

export const listAdminCottages = ({ signal }: { signal?: AbortSignal } = {}) =>
  adminRequest('/cottages/admin/all', z.array(adminCottageSchema), { ...(signal ? { signal } : {}) });
export const createCottage = (body: CottageInputDraft) => adminRequest('/cottages/admin/create', adminCottageSchema, { method: 'POST', body });
export const updateCottage = (id: string, body: CottageInputDraft) =>
  adminRequest(`/cottages/admin/update/${encodeURIComponent(id)}`, adminCottageSchema, { method: 'PUT', body });
export const deleteCottage = (id: string) => adminRequest(`/cottages/admin/delete/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' });

/** The body that saves a unit as it is, but with another status (deactivation instead of a refused delete). */
export const withStatus = (cottage: AdminCottage, status: AdminCottage['status']): CottageInputDraft => ({
  name: cottage.name,
  description: cottage.description,
  price_per_night: cottage.price_per_night,
  capacity: cottage.capacity,
  amenities: cottage.amenity_list,
  status,
  type: cottage.type,
  size_sqft: cottage.size_sqft,
  images: cottage.images,
});
