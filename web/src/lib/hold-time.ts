import { useEffect, useState } from 'react';

/*
 * A booking's hold (`hold_expires_at`): the nights are the guest's until then. Online, 15 minutes
 * to pay, shown as a countdown; at the property, 24 hours to confirm, shown as a deadline on the
 * guest's own clock (they read it where they are, not at the resort; formatLocalDeadline in ./format.ts).
 */

/** A countdown as the clock shows it: '14:32', '0:07'; an hour or more '1:02:09'. Never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Milliseconds left until `isoInstant`, updated every second while anything shows it; undefined without one. */
export function useTimeLeft(isoInstant: string | undefined): number | undefined {
  const deadline = isoInstant ? Date.parse(isoInstant) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(deadline)) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return Number.isNaN(deadline) ? undefined : Math.max(0, deadline - now);
}
