import { addDays, format } from 'date-fns';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { readAdminUser } from '@/lib/admin-session';
import { useNotifications } from '@/lib/notification-store';
import { onRealtimeEvent, type RealtimeFrame } from '@/lib/realtime';
import { adminEvents } from '../live/admin-notices';
import './debug-panel.css';

const createdSchema = z.object({ bookingReference: z.string() });
const packagesSchema = z.array(z.object({ id: z.string(), min_guests: z.number(), max_guests: z.number() }));

/**
 * The local and dev stages' debug panel (never on prod: docs/product.md#portal-shell): the live connection's
 * state, the last frames heard, and a test booking (glass cottage, 2 adults and
 * 1 child, 2 nights, paid at the property) made through the real booking API, to watch the
 * new-booking event arrive.
 */
export default function DebugPanel() {
  const { connection } = useNotifications();
  const [frames, setFrames] = useState<RealtimeFrame[]>([]);
  const [result, setResult] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const stops = adminEvents.map((event) => onRealtimeEvent(event, (_data, frame) => setFrames((current) => [frame, ...current].slice(0, 10))));
    return () => stops.forEach((stop) => stop());
  }, []);

  const testBooking = async () => {
    setBusy(true);
    setResult(undefined);
    try {
      const stayPackage = (await apiRequest('/packages', packagesSchema)).find((candidate) => candidate.min_guests <= 3 && candidate.max_guests >= 3);
      const user = readAdminUser();
      const checkIn = addDays(new Date(), 30);
      const created = await apiRequest('/bookings', createdSchema, {
        method: 'POST',
        idempotencyKey: crypto.randomUUID(),
        body: {
          cottageType: 'glass-cottage',
          checkIn: format(checkIn, 'yyyy-MM-dd'),
          checkOut: format(addDays(checkIn, 2), 'yyyy-MM-dd'),
          adults: 2,
          children: 1,
          packageId: stayPackage?.id ?? '',
          guestDetails: { firstName: 'Debug', lastName: 'Booking', email: user?.email ?? 'debug@forest-resort.local', phone: '9876543210' },
          paymentMethod: 'offline',
          acceptTerms: true,
        },
      });
      setResult(`Test booking ${created.bookingReference} created`);
    } catch (error) {
      setResult(error instanceof Error ? error.message : 'The test booking failed');
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="debug-panel">
      <summary>Debug panel</summary>
      <p>
        Live connection: <strong>{connection}</strong>
      </p>
      <button type="button" className="button button--secondary" onClick={() => void testBooking()} disabled={busy}>
        {busy ? 'Booking...' : 'Make a test booking'}
      </button>
      {result ? <p role="status">{result}</p> : null}
      <h3>Last events</h3>
      {frames.length === 0 ? (
        <p className="muted">None yet</p>
      ) : (
        <ol>
          {frames.map((frame, index) => (
            <li key={frame.id ?? index}>
              <code>{frame.event}</code> {frame.at ? new Date(frame.at).toLocaleTimeString('en-IN') : ''}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
