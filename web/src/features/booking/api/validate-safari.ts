import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { safariValidationSchema } from './schemas';

export type SafariCheck = {
  checkIn: string;
  checkOut: string;
  guests: number;
  selection: { safariId: string; date: string; timeSlot: string; guests: number };
};

/** POST /api/safaris/validate-selection: the safari rules (docs/product.md#safari-rules) and the seats left, before a safari is added. */
export const validateSafari = ({ selection, ...stay }: SafariCheck) =>
  apiRequest('/safaris/validate-selection', safariValidationSchema, { method: 'POST', body: { ...stay, selections: [selection] } });

export const useValidateSafari = () => useMutation({ mutationFn: validateSafari });
