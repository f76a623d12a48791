import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { SAMPLE_GUEST } from './environment.ts';

/**
 * Sample events keep working as time passes and on any machine: `{{date+N}}` is N days from the
 * resort's today (`{{month+N}}`, `{{year+N}}` its month and year), `{{uuid}}` a fresh id, and `{{guestToken}}`, `{{guestBookingId}}`,
 * `{{guestBookingReference}}` come from the local sample guest and their latest booking.
 * Loading needs the function environment (it reads the table and signs with the local key).
 */
export async function loadSampleEvent(path: string): Promise<unknown> {
  let text = readFileSync(path, 'utf8');
  const today = resortToday();
  text = text.replace(/\{\{date([+-]\d+)\}\}/g, (_, offset: string) => addDaysIso(today, Number(offset)));
  text = text.replace(/\{\{(month|year)([+-]\d+)\}\}/g, (_, part: string, offset: string) => {
    const [year, month] = addDaysIso(today, Number(offset)).split('-');
    return String(Number(part === 'year' ? year : month));
  });
  text = text.replace(/\{\{uuid\}\}/g, () => randomUUID());
  if (/\{\{guest(Token|BookingId|BookingReference)\}\}/.test(text)) {
    const [{ findUserByEmail }, { signAccessToken }, { listBookingsOfUser }] = await Promise.all([
      import('../../functions/lib/db/users.ts'),
      import('../../functions/lib/auth.ts'),
      import('../../functions/lib/db/bookings.ts'),
    ]);
    const guest = await findUserByEmail(SAMPLE_GUEST.email);
    if (!guest) throw new Error(`The sample guest ${SAMPLE_GUEST.email} is missing: start from a freshly seeded table`);
    const token = await signAccessToken({ userId: guest.id, role: guest.role, name: guest.name, email: guest.email });
    text = text.replace(/\{\{guestToken\}\}/g, token);
    if (/\{\{guestBooking(Id|Reference)\}\}/.test(text)) {
      const booking = (await listBookingsOfUser(guest.id)).find((candidate) => candidate.status === 'pending' || candidate.status === 'confirmed');
      if (!booking) throw new Error('The sample guest has no open booking: run `npm run invoke -- create-booking` first');
      text = text.replace(/\{\{guestBookingId\}\}/g, booking.id).replace(/\{\{guestBookingReference\}\}/g, booking.booking_reference);
    }
  }
  return JSON.parse(text);
}
