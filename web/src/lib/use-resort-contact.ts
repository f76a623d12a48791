import { useSyncExternalStore } from 'react';
import { DEFAULT_RESORT_CONTACT, resortContactSchema, type ResortContact } from '@shared/resort-contact';
import { z } from 'zod/mini';

/*
 * The stage's phone and e-mail for guests, from /config.json (main.tsx sets them when it has read
 * it, as it does the display rates); the sample resort's until then.
 */
let contact: ResortContact = DEFAULT_RESORT_CONTACT;
const listeners = new Set<() => void>();

export function setResortContact(next: ResortContact): void {
  const parsed = z.safeParse(resortContactSchema, next);
  if (!parsed.success) return;
  contact = parsed.data;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => contact;

// The pre-rendered page (web/src/app/prerender.tsx) has the sample resort's.
export const useResortContact = (): ResortContact => useSyncExternalStore(subscribe, read, () => DEFAULT_RESORT_CONTACT);
