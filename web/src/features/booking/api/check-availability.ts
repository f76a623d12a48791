import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { availabilityResultSchema } from './schemas';

export type AvailabilityQuestion = { villa: string; checkIn: string; checkOut: string; guests: number; rooms: number };

/** POST /api/cottages/{id}/availability: is the villa free for the stay, at what price, and what else is. */
export const checkAvailability = ({ villa, ...body }: AvailabilityQuestion) =>
  apiRequest(`/cottages/${encodeURIComponent(villa)}/availability`, availabilityResultSchema, { method: 'POST', body });

export const useCheckAvailability = () => useMutation({ mutationFn: checkAvailability });
