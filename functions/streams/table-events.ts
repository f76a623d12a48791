import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { activationToken, activationUrl } from '../lib/account-activation.ts';
import { accountMail, type AccountMailOrder } from '../lib/account-mail.ts';
import { bookingMail } from '../lib/bookings/booking-mail.ts';
import { confirmStayToken, confirmUrl, manageLinkToken, manageUrl } from '../lib/bookings/manage-link.ts';
import { deliveryConfig } from '../lib/delivery-config.ts';
import { refundCancelledBooking } from '../lib/payments/cancellation-refund.ts';
import { toStoredBooking, type StoredBooking } from '../lib/db/bookings.ts';
import type { StoredBlock } from '../lib/db/blocks.ts';
import type { StoredChannel } from '../lib/db/channels.ts';
import { putFeedEntry } from '../lib/db/feed.ts';
import { applyDayCounters } from '../lib/db/report-days.ts';
import { claimMail, markMailRejected, markMailSent, releaseMailClaim } from '../lib/db/stream-effects.ts';
import { mailRejected, sendMail, type Mail } from '../lib/mail.ts';
import { staffMail, type StaffMailOrder } from '../lib/staff-mail.ts';
import { readableStack } from '../lib/readable-stack.ts';
import { notify } from '../lib/realtime.ts';
import { counterDelta, type DayCounters } from '../lib/reports/daily-counters.ts';
import {
  activityEffects,
  blockEffects,
  bookingEffects,
  channelEffects,
  catalogueEffects,
  paymentEffects,
  type Change,
  type Effects,
  type MailOrder,
} from './change-events.ts';
import { signupMail } from './signup-events.ts';
import type { StreamEntity } from './stream-filter.ts';
import { log, setLogContext } from '../lib/logger.ts';

type Item = Record<string, unknown>;

const image = (value: Record<string, unknown> | undefined): Item | undefined => (value ? unmarshall(value as Record<string, AttributeValue>) : undefined);

function changeOf(record: DynamoDBRecord): Change<Item> {
  const before = image(record.dynamodb?.OldImage);
  const after = image(record.dynamodb?.NewImage);
  return { eventName: record.eventName ?? 'MODIFY', ...(before ? { before } : {}), ...(after ? { after } : {}) };
}

const isArray = (value: unknown) => Array.isArray(value);
/** A booking image the effects can be derived from at a glance (derive() catches the rest). */
const readableBooking = (item: Item | undefined): boolean =>
  !item ||
  (typeof item.id === 'string' &&
    typeof item.booking_reference === 'string' &&
    typeof item.status === 'string' &&
    typeof item.created_at === 'string' &&
    typeof item.total_amount === 'number' &&
    isArray(item.safaris) &&
    typeof item.claims === 'object' &&
    item.claims !== null &&
    isArray((item.claims as Item).nights) &&
    isArray((item.claims as Item).cottage_ids));

class DamagedItem extends Error {}

type Derived = { effects: Effects; counters?: DayCounters; mail?: MailOrder; accountMail?: AccountMailOrder; staffMail?: StaffMailOrder };

/**
 * What the change causes, by the item's entity: pure, so anything it throws comes from the item
 * itself. Report counters move with every booking change but a removal (nothing removes bookings
 * in this app; should something, history must not be rewritten by it).
 */
function derive(entity: StreamEntity | undefined, change: Change<Item>): Derived {
  const withMail = (effects: Effects): Derived => (effects.mail ? { effects, mail: effects.mail } : { effects });
  switch (entity) {
    case 'booking': {
      // The local casing migration (functions/lib/db/local-migrations.ts) rewrote an old item: nothing happened to the booking.
      if (change.eventName === 'MODIFY' && isArray((change.before?.claims as Item | undefined)?.cottageIds)) return { effects: { notices: [] } };
      if (!readableBooking(change.before) || !readableBooking(change.after)) throw new DamagedItem('the booking item is damaged');
      const bookingChange: Change<StoredBooking> = {
        eventName: change.eventName,
        ...(change.before ? { before: toStoredBooking(change.before) } : {}),
        ...(change.after ? { after: toStoredBooking(change.after) } : {}),
      };
      const counters = change.eventName === 'REMOVE' ? undefined : counterDelta(bookingChange.before, bookingChange.after);
      return { ...withMail(bookingEffects(bookingChange)), ...(counters?.size ? { counters } : {}) };
    }
    case 'payment':
      return withMail(paymentEffects(change));
    case 'cottage':
    case 'package':
    case 'safari':
    case 'pricing-rule':
      return withMail(catalogueEffects(entity, change as Change<{ id: string }>));
    case 'activity':
      return withMail(activityEffects(change));
    case 'block':
      return { effects: blockEffects(change as unknown as Change<StoredBlock>) };
    case 'channel': {
      const effects = channelEffects(change as unknown as Change<StoredChannel>);
      return { effects, ...(effects.staffMail ? { staffMail: effects.staffMail } : {}) };
    }
    case 'signup': {
      const accountMailOrder = signupMail(change);
      return { effects: { notices: [] }, ...(accountMailOrder ? { accountMail: accountMailOrder } : {}) };
    }
    default:
      return { effects: { notices: [] } };
  }
}

/**
 * The e-mail of an order, with the booking's manage link (derived: manage-link.ts) on the site, and
 * for a stay to confirm, the link that carries the confirm proof too (only ever in this e-mail).
 */
async function mailFor(order: MailOrder): Promise<Mail> {
  const manage = manageUrl(deliveryConfig.SITE_URL ?? 'http://localhost:3000', order.booking.booking_reference, await manageLinkToken(order.booking.id));
  const confirm = order.kind === 'confirm-request' ? confirmUrl(manage, await confirmStayToken(order.booking.id)) : undefined;
  return bookingMail(order, { manageUrl: manage, ...(confirm ? { confirmUrl: confirm } : {}) });
}

/** A sign-up's e-mail, with its activation link (derived: account-activation.ts) or the sign-in page. */
async function accountMailFor(order: AccountMailOrder): Promise<Mail> {
  const site = deliveryConfig.SITE_URL ?? 'http://localhost:3000';
  const activateUrl = order.kind === 'activate' ? activationUrl(site, await activationToken(order.signupId)) : undefined;
  return accountMail(order, { ...(activateUrl ? { activateUrl } : {}), signInUrl: `${site.replace(/\/$/, '')}/account/sign-in` });
}

/** Sends a change's mail once: claimed by the record's id before sending, marked sent after. */
async function sendOnce(eventId: string, mail: Mail, deadline: number): Promise<void> {
  const claim = await claimMail(eventId, deadline);
  if (!claim) return;
  let result: string;
  try {
    result = await sendMail(mail);
  } catch (error) {
    if (mailRejected(error)) {
      // Refused for good: retrying cannot mend it and would hold up every record behind it. Kept on the claim, said, passed.
      log.error('Mail rejected; not retried', { eventId, subject: mail.subject, error });
      await markMailRejected(claim, String(error));
      return;
    }
    // The record fails with the send's own error; a claim not given back lapses with its lease.
    await releaseMailClaim(claim).catch((releaseError: unknown) => log.error('Mail claim not given back', { eventId, error: releaseError }));
    throw error;
  }
  try {
    await markMailSent(claim, result);
  } catch (error) {
    // The mail went out: retrying the record would send it again once the lease passes. Say so and go on.
    log.error('Mail sent but not marked sent', { eventId, error });
  }
}

async function handleRecord(record: DynamoDBRecord, deadline: number): Promise<void> {
  const eventId = record.eventID ?? record.dynamodb?.SequenceNumber ?? '';
  const change = changeOf(record);
  const entity = (change.after ?? change.before)?.entity as StreamEntity | undefined;
  let derived: Derived;
  try {
    derived = derive(entity, change);
  } catch (error) {
    // Retrying cannot mend a damaged item, and would hold up every record behind it: say so and go on.
    log.error('Stream record skipped: the item is damaged', { entity, eventId, error });
    return;
  }
  if (derived.counters) await applyDayCounters(eventId, derived.counters);
  const created = record.dynamodb?.ApproximateCreationDateTime;
  const at = new Date(created ? created * 1000 : Date.now()).toISOString();
  const notices = derived.effects.notices.map((notice, index) => ({ ...notice, id: `${eventId}:${index}`, at }));
  // Frames are best effort (a dead socket is forgotten, a failed post logged); the feed is the
  // durable copy the client reads after reconnecting, so it must be written or the record retried.
  await Promise.all([
    ...notices.map((notice) => notify(notice.audience, { id: notice.id, event: notice.event, data: notice.data, at })),
    ...notices.map((notice) => putFeedEntry(notice)),
  ]);
  // Money back first: its record (refund id, status) is what the guest's next e-mail reports.
  if (derived.effects.refund) await refundCancelledBooking(derived.effects.refund.booking, derived.effects.refund.amount);
  if (derived.mail) await sendOnce(eventId, await mailFor(derived.mail), deadline);
  if (derived.accountMail) await sendOnce(eventId, await accountMailFor(derived.accountMail), deadline);
  // Staff mail goes to the front desk's address, when the stage has one (STAFF_MAIL_TO).
  if (derived.staffMail && deliveryConfig.STAFF_MAIL_TO)
    await sendOnce(
      eventId,
      staffMail(derived.staffMail, {
        to: deliveryConfig.STAFF_MAIL_TO,
        calendarUrl: `${(deliveryConfig.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '')}/admin/calendar`,
      }),
      deadline,
    );
}

/**
 * The table stream's one consumer (docs/architecture.md#4-writes-and-their-side-effects-the-table-stream). Records are handled in order; at the first that
 * fails, the rest of the batch is reported as failed from it on (partial batch response), so the
 * event source retries exactly what is left. Every effect is safe to repeat: feed entries are keyed
 * by the record, report counters and mail are done once per record id.
 */
export const handler = async (
  event: DynamoDBStreamEvent,
  context?: Pick<Context, 'getRemainingTimeInMillis'> & Partial<Pick<Context, 'awsRequestId'>>,
): Promise<DynamoDBBatchResponse> => {
  setLogContext({ requestId: context?.awsRequestId, route: 'table-events' });
  // Leave a margin to answer before the function's timeout.
  const deadline = Date.now() + (context?.getRemainingTimeInMillis() ?? 60_000) - 5_000;
  for (const record of event.Records) {
    try {
      await handleRecord(record, deadline);
    } catch (error) {
      log.error('Stream record failed; it will be retried', {
        eventId: record.eventID,
        sequenceNumber: record.dynamodb?.SequenceNumber,
        error: error instanceof Error ? { name: error.name, message: error.message, stack: readableStack(error) } : String(error),
      });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
