import type * as v from 'valibot';
import { apiRequest, type RequestOptions } from '@/lib/api-client';

/** Every portal call: the admin token as bearer (a 401 signs the portal out), the answer checked against its schema. */
export function adminRequest<T>(path: string, schema: v.GenericSchema<unknown, T>, options: Omit<RequestOptions, 'auth'> = {}): Promise<T> {
  return apiRequest(path, schema, { ...options, auth: 'admin' });
}
