/**
 * The single-table key design: the only module that spells `pk`, `sk` and the GSI keys.
 *
 * | access pattern                                   | index | key condition                                   |
 * |--------------------------------------------------|-------|-------------------------------------------------|
 * | cottage by id                                    | table | pk=COTTAGE#id, sk=COTTAGE                       |
 * | all cottages, by type                            | gsi1  | gsi1pk=COTTAGES, gsi1sk begins_with TYPE#type#  |
 * | nightly inventory of a cottage over dates        | table | pk=COTTAGE#id, sk between NIGHT#from and NIGHT#to |
 * | package by id / all packages                     | table / gsi1 | pk=PACKAGE#id / gsi1pk=PACKAGES          |
 * | safari by id / all safaris                       | table / gsi1 | pk=SAFARI#id / gsi1pk=SAFARIS            |
 * | safari seats per date and slot                   | table | pk=SAFARI#id, sk=SEATS#date#slot                |
 * | pricing rules                                    | gsi1  | gsi1pk=PRICING_RULES                            |
 * | user by id / user by unique e-mail / all users   | table / table / gsi1 | pk=USER#id / pk=EMAIL#email / gsi1pk=USERS |
 * | user counts (all, active, admins, active admins)  | table | pk=USERSTATS, sk=USERSTATS                      |
 * | booking by id                                    | table | pk=BOOKING#id, sk=BOOKING                       |
 * | booking by reference                             | table | pk=BOOKINGREF#ref, sk=BOOKINGREF (points at id) |
 * | bookings of a user, newest first                 | gsi1  | gsi1pk=USER#id#BOOKINGS, gsi1sk=createdAt       |
 * | bookings by created month, then status           | gsi2  | gsi2pk=BOOKINGS#yyyy-mm, gsi2sk=status#createdAt |
 * | payments of a booking                            | table | pk=BOOKING#id, sk begins_with PAYMENT#          |
 * | idempotency record                               | table | pk=IDEMPOTENCY#scope#key, sk=IDEMPOTENCY        |
 * | WebSocket connections by audience                | gsi1  | gsi1pk=AUDIENCE#audience                        |
 * | a connection's audiences (for $disconnect)       | table | pk=CONNECTION#id                                |
 * | notification feed per audience, since a time     | table | pk=FEED#audience, sk > at                       |
 * | report aggregates of one day (a year per query)  | table | pk=REPORT#yyyy, sk=DAY#yyyy-mm-dd               |
 * | sampled activity (availability checks) a minute  | table | pk=ACTIVITY#kind, sk=MINUTE#yyyy-mm-ddThh:mm    |
 * | a stream effect done once (mail, aggregates)     | table | pk=EFFECT#eventId, sk=MAIL or AGGREGATE#n       |
 * | audit entries of one booking (or other subject)  | table | pk=BOOKING#id (AUDITOF#entity#id), sk begins_with AUDIT# |
 * | audit log of admin changes, per month            | gsi1  | gsi1pk=AUDIT#yyyy-mm, gsi1sk=at#id              |
 * | sign-in failures per account+address, account, address | table | pk=LOGIN#email sk=FROM#addr/ACCOUNT/KNOWN#addr; pk=LOGINFROM#addr |
 * | report exports, newest first                     | table | pk=REPORTEXPORTS, sk=at#id                      |
 * | booking lookups of one client address a minute   | table | pk=LOOKUPLIMIT#ip, sk=MINUTE#yyyy-mm-ddThh:mm   |
 *
 * Dates are ISO `yyyy-mm-dd` and times ISO-8601 UTC, so string order is time order.
 */

export type Keys = { pk: string; sk: string };
export type Gsi1Keys = { gsi1pk: string; gsi1sk: string };

export const cottageKeys = {
  item: (id: string): Keys => ({ pk: `COTTAGE#${id}`, sk: 'COTTAGE' }),
  listing: (type: string, id: string): Gsi1Keys => ({ gsi1pk: 'COTTAGES', gsi1sk: `TYPE#${type}#${id}` }),
  listPartition: 'COTTAGES',
  typePrefix: (type: string): string => `TYPE#${type}#`,
  night: (id: string, date: string): Keys => ({ pk: `COTTAGE#${id}`, sk: `NIGHT#${date}` }),
};

export const packageKeys = {
  item: (id: string): Keys => ({ pk: `PACKAGE#${id}`, sk: 'PACKAGE' }),
  listing: (id: string): Gsi1Keys => ({ gsi1pk: 'PACKAGES', gsi1sk: id }),
  listPartition: 'PACKAGES',
};

export const safariKeys = {
  item: (id: string): Keys => ({ pk: `SAFARI#${id}`, sk: 'SAFARI' }),
  listing: (id: string): Gsi1Keys => ({ gsi1pk: 'SAFARIS', gsi1sk: id }),
  listPartition: 'SAFARIS',
  seats: (id: string, date: string, slot: string): Keys => ({ pk: `SAFARI#${id}`, sk: `SEATS#${date}#${slot}` }),
  /** Sort-key bounds of every seat counter from `from` to `to` (dates), any slot. */
  seatsBetween: (from: string, to: string): { from: string; to: string } => ({ from: `SEATS#${from}`, to: `SEATS#${to}~` }),
};

export const pricingRuleKeys = {
  item: (id: string): Keys => ({ pk: `PRICING#${id}`, sk: 'PRICING' }),
  listing: (id: string): Gsi1Keys => ({ gsi1pk: 'PRICING_RULES', gsi1sk: id }),
  listPartition: 'PRICING_RULES',
};

/** E-mail addresses are unique case-insensitively. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const userKeys = {
  item: (id: string): Keys => ({ pk: `USER#${id}`, sk: 'USER' }),
  email: (email: string): Keys => ({ pk: `EMAIL#${normaliseEmail(email)}`, sk: 'EMAIL' }),
  listing: (createdAt: string, id: string): Gsi1Keys => ({ gsi1pk: 'USERS', gsi1sk: `${createdAt}#${id}` }),
  listPartition: 'USERS',
  /** The Users tab's counts and the active-admin count the last-admin rule is checked against, moved in each user write's transaction. */
  counts: { pk: 'USERSTATS', sk: 'USERSTATS' } as Keys,
};

/**
 * Sign-in throttling (functions/lib/db/login-attempts.ts): failures counted per account and client
 * address together (a stranger's guesses never lock the owner out on their own address), per
 * address over all accounts, and per account over all addresses; an address that signed in to the
 * account before is known to it. All of one account's rows share its partition, so lifting a
 * lockout is one query.
 */
export const loginKeys = {
  accountPartition: (email: string): string => `LOGIN#${normaliseEmail(email)}`,
  fromAddress: (email: string, address: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: `FROM#${address}` }),
  account: (email: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: 'ACCOUNT' }),
  knownAddress: (email: string, address: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: `KNOWN#${address}` }),
  /** An unknown address's next turn while the account is over its window. */
  slowLane: (email: string, address: string): Keys => ({ pk: `LOGIN#${normaliseEmail(email)}`, sk: `SLOW#${address}` }),
  address: (address: string): Keys => ({ pk: `LOGINFROM#${address}`, sk: 'ADDRESS' }),
};

export const bookingKeys = {
  item: (id: string): Keys => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' }),
  reference: (reference: string): Keys => ({ pk: `BOOKINGREF#${reference}`, sk: 'BOOKINGREF' }),
  byUser: (userId: string, createdAt: string): Gsi1Keys => ({
    gsi1pk: `USER#${userId}#BOOKINGS`,
    gsi1sk: createdAt,
  }),
  byMonth: (createdAt: string, status: string) => ({
    gsi2pk: bookingKeys.monthPartition(createdAt.slice(0, 7)),
    gsi2sk: `${status}#${createdAt}`,
  }),
  /** The gsi2 partition of the bookings created in a month (yyyy-mm). */
  monthPartition: (month: string): string => `BOOKINGS#${month}`,
  /** gsi2 sort-key prefix of one status in a month partition. */
  statusPrefix: (status: string): string => `${status}#`,
  payment: (bookingId: string, paymentId: string): Keys => ({ pk: `BOOKING#${bookingId}`, sk: `PAYMENT#${paymentId}` }),
};

/** Payments: the provider's order points at its booking; payments and refunds live in the booking's partition. */
export const paymentKeys = {
  refund: (bookingId: string, refundId: string): Keys => ({ pk: `BOOKING#${bookingId}`, sk: `REFUND#${refundId}` }),
  order: (orderId: string): Keys => ({ pk: `ORDER#${orderId}`, sk: 'ORDER' }),
  /** Every payment and refund, newest first, for the staff list and its stats. */
  listing: (createdAt: string, id: string): Gsi1Keys => ({ gsi1pk: 'PAYMENTS', gsi1sk: `${createdAt}#${id}` }),
  listPartition: 'PAYMENTS',
  /** A provider webhook event already handled (`x-razorpay-event-id`): a replay finds it and does nothing. */
  webhookEvent: (eventId: string): Keys => ({ pk: `WEBHOOK#${eventId}`, sk: 'WEBHOOK' }),
};

/** Open pay-at-property bookings (unconfirmed) per e-mail, phone and client address: the set of their ids. */
export const openHoldKeys = {
  /** `owner`: `email#…`, `phone#…` or `address#…`. */
  of: (owner: string): Keys => ({ pk: `OPENHOLDS#${owner}`, sk: 'OPENHOLDS' }),
};

export const idempotencyKeys = {
  item: (scope: string, key: string): Keys => ({ pk: `IDEMPOTENCY#${scope}#${key}`, sk: 'IDEMPOTENCY' }),
};

/** Who a WebSocket message is for: all staff, all guests, or one signed-in user. */
export type Audience = 'admin' | 'customer' | `user:${string}`;

export const connectionKeys = {
  partition: (connectionId: string): string => `CONNECTION#${connectionId}`,
  membership: (connectionId: string, audience: Audience): Keys & Gsi1Keys => ({
    pk: `CONNECTION#${connectionId}`,
    sk: `AUDIENCE#${audience}`,
    gsi1pk: `AUDIENCE#${audience}`,
    gsi1sk: connectionId,
  }),
  /** Every connection has this row from $connect on, so $disconnect finds it even if it never joined. */
  session: (connectionId: string): Keys => ({ pk: `CONNECTION#${connectionId}`, sk: 'SESSION' }),
  audiencePartition: (audience: Audience): string => `AUDIENCE#${audience}`,
};

export const feedKeys = {
  entry: (audience: Audience, at: string, id: string): Keys => ({ pk: `FEED#${audience}`, sk: `${at}#${id}` }),
  partition: (audience: Audience): string => `FEED#${audience}`,
};

/** Per-day counters that move with each booking's state, so a report reads one item per day. */
export const reportKeys = {
  day: (date: string): Keys => ({ pk: `REPORT#${date.slice(0, 4)}`, sk: `DAY#${date}` }),
  yearPartition: (year: string): string => `REPORT#${year}`,
  dayPrefix: 'DAY#',
};

/** Request-side activity recorded as a sampled per-minute aggregate (no table write per guest request). */
export const activityKeys = {
  minute: (kind: string, at: string): Keys => ({ pk: `ACTIVITY#${kind}`, sk: `MINUTE#${at.slice(0, 16)}` }),
};

/**
 * The manage-booking lookup's rate limit: one counter per client address per minute window (TTL'd).
 * Its own partition prefix, so the lookup's role may update counters and reach no login counter.
 */
export const lookupLimitKeys = {
  window: (clientAddress: string, at: string): Keys => ({ pk: `LOOKUPLIMIT#${clientAddress}`, sk: `MINUTE#${at.slice(0, 16)}` }),
};

/** Records that a stream record's effect was done, keyed by the record's event id (stable across retries). */
export const effectKeys = {
  mail: (eventId: string): Keys => ({ pk: `EFFECT#${eventId}`, sk: 'MAIL' }),
  aggregate: (eventId: string, part: number): Keys => ({ pk: `EFFECT#${eventId}`, sk: `AGGREGATE#${part}` }),
};

/**
 * An admin change's audit entry lives in the changed thing's own partition (a booking's history is
 * read with the booking), and on gsi1 by month for the audit log.
 */
export const auditKeys = {
  entry: (subject: { entity: string; id: string }, at: string, entryId: string): Keys & Gsi1Keys => ({
    pk: auditKeys.subjectPartition(subject),
    sk: `${auditKeys.historyPrefix}${at}#${entryId}`,
    gsi1pk: auditKeys.monthPartition(at.slice(0, 7)),
    gsi1sk: `${at}#${entryId}`,
  }),
  subjectPartition: (subject: { entity: string; id: string }): string =>
    subject.entity === 'booking' ? bookingKeys.item(subject.id).pk : `AUDITOF#${subject.entity}#${subject.id}`,
  historyPrefix: 'AUDIT#',
  monthPartition: (month: string): string => `AUDIT#${month}`,
};

/** Report exports staff made (what was exported, so Download gives the same file again), newest first. */
export const reportExportKeys = {
  item: (createdAt: string, id: string): Keys => ({ pk: 'REPORTEXPORTS', sk: `${createdAt}#${id}` }),
  partition: 'REPORTEXPORTS',
};

/** A fixed item the health check reads: a GetItem proves the table answers without scanning it. */
export const healthKeys: Keys = { pk: 'HEALTH', sk: 'HEALTH' };

/** Marks that the local sample data was written, so a second `npm start` keeps the data as it is. */
export const seedMarkerKeys: Keys = { pk: 'SEED', sk: 'SEED' };
