import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { z } from 'zod/mini';
import { addNotification } from '@/lib/notification-store';
import { useRealtimeEvent } from '@/lib/realtime';
import { checkAvailability } from '../api/check-availability';
import { createBookingMutationKey } from '../api/create-booking';
import { JUST_TAKEN, questionOf, sameQuestion, sharesANight } from '../model/availability-question';
import { useWizard } from './wizard-context';

/** The customer frame the stream consumer sends when a booking holds or frees nights (functions/streams/change-events.ts). */
const availabilityChangedSchema = z.object({
  cottageType: z.string(),
  checkIn: z.string(),
  checkOut: z.string(),
  reason: z.optional(z.enum(['booked', 'released'])),
});

export const CATALOGUE_REFRESH_DELAY_MS = 500;

/** Catalogue edits by staff: the queries an open wizard fetches again, by their first key (functions/streams/change-events.ts catalogueEffects). */
const refreshedBy: Record<string, string[]> = {
  cottage: ['cottages', 'availability-calendar', 'stay-quote'],
  'pricing-rule': ['availability-calendar', 'stay-quote'],
  package: ['packages', 'stay-quote'],
  safari: ['safaris', 'safari-slots'],
};

/**
 * Live availability for an open wizard. When another guest books or frees nights of a villa type,
 * its price calendar is fetched again; and when the guest's own checked stay shares a night with
 * that change, the check runs again at once: dates just taken say so in step 1, with what is still
 * free, and dates just freed become bookable, all without a reload.
 */
export function useLiveAvailability(): void {
  const queryClient = useQueryClient();
  const { draft, step, update, goTo } = useWizard();
  const latest = useRef({ draft, step });
  useEffect(() => {
    latest.current = { draft, step };
  });

  useRealtimeEvent('availability-changed', (data, frame) => {
    const parsed = z.safeParse(availabilityChangedSchema, data);
    if (!parsed.success) return;
    const change = parsed.data;
    void queryClient.invalidateQueries({ queryKey: ['availability-calendar', change.cottageType] });

    const current = latest.current.draft;
    const checked = current.availability;
    if (!checked || current.cottage !== change.cottageType || !sharesANight(current, change)) return;
    // Nights booked while already unavailable, or freed while already available, change nothing here.
    if ((change.reason === 'booked' && !checked.available) || (change.reason === 'released' && checked.available)) return;
    // The guest's own booking, on its way: its nights are theirs, not taken.
    if (queryClient.isMutating({ mutationKey: createBookingMutationKey }) > 0) return;
    // Nor after an attempt whose answer never came (docs/product.md#offline): the server may hold that booking,
    // and Retry with the same key shows it; someone else's booking would still get its 409 there.
    if (change.reason === 'booked' && current.idempotencyKey) return;

    const question = questionOf(current);
    checkAvailability(question)
      .then((answer) => {
        if (queryClient.isMutating({ mutationKey: createBookingMutationKey }) > 0) return;
        const now = latest.current.draft;
        if (!now.availability || !sameQuestion(questionOf(now), question) || now.availability.available === answer.available) return;
        update((draftNow) => ({ ...draftNow, availability: answer, notice: answer.available ? undefined : JUST_TAKEN }));
        // Wherever the guest has scrolled to, a toast (and the bell) says it too.
        if (!answer.available)
          addNotification({
            ...(frame.id ? { id: `taken:${frame.id}` } : {}),
            type: 'warning',
            title: 'Dates just taken',
            message: `Another guest has just booked ${answer.cottage.name} for some of your nights. Step 1 shows what is still free.`,
          });
        // Past step 1 the stay no longer holds: back to step 1, which says why and offers what is free.
        if (!answer.available && latest.current.step > 1) goTo(1);
      })
      // A failed re-check leaves the answer shown; the booking itself is checked by the server anyway.
      .catch(() => undefined);
  });

  // Staff edits (or a seed) come in bursts: one refresh after the burst, not a cancelled fetch per frame.
  const pendingEntities = useRef(new Set<string>());
  const refreshTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(refreshTimer.current), []);
  useRealtimeEvent('catalogue-changed', (data) => {
    const entity = typeof data.entity === 'string' ? data.entity : '';
    if (!refreshedBy[entity]) return;
    pendingEntities.current.add(entity);
    window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(() => {
      const roots = new Set([...pendingEntities.current].flatMap((name) => refreshedBy[name] ?? []));
      pendingEntities.current.clear();
      for (const root of roots) void queryClient.invalidateQueries({ queryKey: [root] });
    }, CATALOGUE_REFRESH_DELAY_MS);
  });
}
