import type { z } from 'zod/mini';
import { apiRequest, type RequestOptions } from '@/lib/api-client';

/** Every portal call: the admin token as bearer (a 401 signs the portal out), the answer checked against its schema. */
export function adminRequest<T>(path: string, schema: z.core.$ZodType<T>, options: Omit<RequestOptions, 'auth'> = {}): Promise<T> {
  return apiRequest(path, schema, { ...options, auth: 'admin' });
}
