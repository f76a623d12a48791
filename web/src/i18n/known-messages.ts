import { stayMessages } from '@shared/stay';
import { t, type MessageId } from './i18n';

/*
 * The stay's rules are shared with the API, which answers in English (docs/product.md#stay-rules):
 * the rules return their English message, and the site shows it in the guest's language. A message
 * the site does not know (a newer server's) is shown as it came.
 */
const known = new Map<string, MessageId>([
  [stayMessages.checkInRequired, 'stay.checkInRequired'],
  [stayMessages.checkOutRequired, 'stay.checkOutRequired'],
  [stayMessages.checkInPast, 'stay.checkInPast'],
  [stayMessages.checkOutBeforeCheckIn, 'stay.checkOutBeforeCheckIn'],
  [stayMessages.minStay, 'stay.minStay'],
  [stayMessages.maxStay, 'stay.maxStay'],
  [stayMessages.tooFarAhead, 'stay.tooFarAhead'],
  [stayMessages.villaRequired, 'stay.villaRequired'],
  [stayMessages.roomsRequired, 'stay.roomsRequired'],
  [stayMessages.roomsMax, 'stay.roomsMax'],
  [stayMessages.adultsMin, 'stay.adultsMin'],
  [stayMessages.adultsMax, 'stay.adultsMax'],
  [stayMessages.childrenMin, 'stay.childrenMin'],
  [stayMessages.childrenMax, 'stay.childrenMax'],
  [stayMessages.fixErrors, 'stay.fixErrors'],
]);
const capacity = /^This villa can accommodate maximum (\d+) guests$/;

/** An English rule message (the site's own or the API's) in the current language. */
export function localizeMessage(message: string): string {
  const id = known.get(message);
  if (id) return t(id);
  const max = capacity.exec(message)?.[1];
  return max ? t('stay.capacity', { max: Number(max) }) : message;
}
