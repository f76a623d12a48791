import type { Keys, Gsi1Keys } from '../keys.ts';
import * as bookingKeys from './booking.ts';

/**
 * An admin change's audit entry lives in the changed thing's own partition (a booking's history is
 * read with the booking), and on gsi1 by month for the audit log.
 */
export const entry = (subject: { entity: string; id: string }, at: string, entryId: string): Keys & Gsi1Keys => ({
  pk: subjectPartition(subject),
  sk: `${historyPrefix}${at}#${entryId}`,
  gsi1pk: monthPartition(at.slice(0, 7)),
  gsi1sk: `${at}#${entryId}`,
});

export const subjectPartition = (subject: { entity: string; id: string }): string =>
  subject.entity === 'booking' ? bookingKeys.item(subject.id).pk : `AUDITOF#${subject.entity}#${subject.id}`;

export const historyPrefix = 'AUDIT#';

export const monthPartition = (month: string): string => `AUDIT#${month}`;
