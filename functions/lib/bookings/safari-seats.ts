import type { Safari } from '../../../shared/catalogue.ts';
import { bookedSeats } from '../db/inventory.ts';

/** Seats left on each slot of a safari, per date between two dates (inclusive). */
export async function seatsLeft(
  safari: Safari,
  fromDate: string,
  toDate: string,
): Promise<Map<string, Array<{ timeSlot: string; capacity: number; booked: number; seatsLeft: number }>>> {
  const booked = await bookedSeats(safari.id, fromDate, toDate);
  return new Map(
    [...booked.keys()].map((date) => [
      date,
      safari.time_slots.map((timeSlot) => {
        const taken = booked.get(date)?.get(timeSlot) ?? 0;
        return { timeSlot, capacity: safari.seats_per_slot, booked: taken, seatsLeft: Math.max(0, safari.seats_per_slot - taken) };
      }),
    ]),
  );
}

export const emptySlots = (safari: Safari) =>
  safari.time_slots.map((timeSlot) => ({ timeSlot, capacity: safari.seats_per_slot, booked: 0, seatsLeft: safari.seats_per_slot }));
