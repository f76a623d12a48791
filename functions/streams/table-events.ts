import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { bookingCancellationMail, bookingConfirmationMail } from '../lib/bookings/booking-mail.ts';
import type { StoredBooking } from '../lib/db/bookings.ts';
import { applyDayCounters, claimMail, markMailSent, putFeedEntry, releaseMailClaim } from '../lib/db/stream-effects.ts';
import { sendMail } from '../lib/mail.ts';
import { readableStack } from '../lib/readable-stack.ts';
import { notify } from '../lib/realtime.ts';
import { counterDelta } from '../lib/reports/daily-counters.ts';
import { activityEffects, bookingEffects, catalogueEffects, paymentEffects, type Change, type Effects, type MailOrder } from './change-events.ts';
import type { StreamEntity } from './stream-filter.ts';

type Item = Record<string, unknown>;

const image = (value: Record<string, unknown> | undefined): Item | undefined =>
  value ? unmarshall(value as Record<string, AttributeValue>) : undefined;

/** TTL deletions are done by DynamoDB itself, which the record says through its user identity. */
const expiredByTtl = (record: DynamoDBRecord): boolean =>
  record.userIdentity?.type === 'Service' && record.userIdentity?.principalId === 'dynamodb.amazonaws.com';

function changeOf(record: DynamoDBRecord): Change<Item> {
  const before = image(record.dynamodb?.OldImage);
  const after = image(record.dynamodb?.NewImage);
  return { eventName: record.eventName ?? 'MODIFY', ...(before ? { before } : {}), ...(after ? { after } : {}), expiredByTtl: expiredByTtl(record) };
}

const isArray = (value: unknown) => Array.isArray(value);
/** A booking image the effects can be derived from; a damaged one would fail every retry. */
const readableBooking = (item: Item | undefined): boolean =>
  !item ||
  (typeof item.id === 'string' &&
    typeof item.booking_reference === 'string' &&
    typeof item.status === 'string' &&
    typeof item.created_at === 'string' &&
    isArray(item.safaris) &&
    typeof item.claims === 'object' &&
    item.claims !== null &&
    isArray((item.claims as Item).nights) &&
    isArray((item.claims as Item).cottageIds));

/** What the change causes, by the item's entity; report counters move with every booking change. */
async function effectsOf(entity: StreamEntity | undefined, change: Change<Item>, eventId: string): Promise<Effects> {
  switch (entity) {
    case 'booking': {
      if (!readableBooking(change.before) || !readableBooking(change.after)) {
        // Retrying cannot mend a damaged item, and would hold up every record behind it: say so and go on.
        console.error(JSON.stringify({ level: 'error', message: 'Stream record skipped: the booking item is damaged', eventId }));
        return { notices: [] };
      }
      const bookingChange = change as Change<StoredBooking>;
      const delta = counterDelta(bookingChange.before, bookingChange.after);
      if (delta.size) await applyDayCounters(eventId, delta);
      return bookingEffects(bookingChange);
    }
    case 'payment':
      return paymentEffects(change);
    case 'cottage':
    case 'package':
    case 'safari':
    case 'pricing-rule':
      return catalogueEffects(entity, change as Change<{ id: string }>);
    case 'activity':
      return activityEffects(change);
    default:
      return { notices: [] };
  }
}

const mailFor = (order: MailOrder) => (order.kind === 'confirmation' ? bookingConfirmationMail(order.booking) : bookingCancellationMail(order.booking, order.refundAmount));

/** Sends a change's mail once: claimed by the record's id before sending, marked sent after. */
async function sendOnce(eventId: string, order: MailOrder): Promise<void> {
  if (!(await claimMail(eventId))) return;
  let result: string;
  try {
    result = await sendMail(mailFor(order));
  } catch (error) {
    await releaseMailClaim(eventId);
    throw error;
  }
  await markMailSent(eventId, result);
}

async function handleRecord(record: DynamoDBRecord): Promise<void> {
  const eventId = record.eventID ?? record.dynamodb?.SequenceNumber ?? '';
  const change = changeOf(record);
  const entity = (change.after ?? change.before)?.entity as StreamEntity | undefined;
  const effects = await effectsOf(entity, change, eventId);
  const created = record.dynamodb?.ApproximateCreationDateTime;
  const at = new Date(created ? created * 1000 : Date.now()).toISOString();
  const notices = effects.notices.map((notice, index) => ({ ...notice, id: `${eventId}:${index}`, at }));
  // Frames are best effort (a dead socket is forgotten, a failed post logged); the feed is the
  // durable copy the client reads after reconnecting, so it must be written or the record retried.
  await Promise.all([
    ...notices.map((notice) => notify(notice.audience, { id: notice.id, event: notice.event, data: notice.data, at })),
    ...notices.map((notice) => putFeedEntry(notice)),
  ]);
  if (effects.mail) await sendOnce(eventId, effects.mail);
}

/**
 * The table stream's one consumer (DESIGN 3a). Records are handled in order; at the first that
 * fails, the rest of the batch is reported as failed from it on (partial batch response), so the
 * event source retries exactly what is left. Every effect is safe to repeat: feed entries are keyed
 * by the record, report counters and mail are done once per record id.
 */
export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  for (const record of event.Records) {
    try {
      await handleRecord(record);
    } catch (error) {
      console.error(
        JSON.stringify({
          level: 'error',
          message: 'Stream record failed; it will be retried',
          eventId: record.eventID,
          sequenceNumber: record.dynamodb?.SequenceNumber,
          error: error instanceof Error ? { name: error.name, message: error.message, stack: readableStack(error) } : String(error),
        }),
      );
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
