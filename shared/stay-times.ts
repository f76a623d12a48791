import { stayLimits } from './stay.ts';
import { formatSlot } from './stay-format.ts';

/**
 * The stay's check-in and check-out times as guests read them: '2:00 pm', '11:00 am' (English).
 * A module of their own: each is formatted when it is imported, which the functions that do not
 * show them should not pay for at a cold start.
 */
export const CHECK_IN_TIME = formatSlot(stayLimits.checkInTime);
export const CHECK_OUT_TIME = formatSlot(stayLimits.checkOutTime);
