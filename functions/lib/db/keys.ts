/**
 * The single-table key design: the only module that spells `pk`, `sk` and the GSI keys.
 *
 * | access pattern                                   | index | key condition                                   |
 * |--------------------------------------------------|-------|-------------------------------------------------|
 * | villa type by id / all villa types               | table / gsi1 | pk=STAYTYPE#id / gsi1pk=STAYTYPES        |
 * | cottage by id                                    | table | pk=COTTAGE#id, sk=COTTAGE                       |
 * | all cottages, by type                            | gsi1  | gsi1pk=COTTAGES, gsi1sk begins_with TYPE#type#  |
 * | nightly inventory of a cottage over dates        | table | pk=COTTAGE#id, sk between NIGHT#from and NIGHT#to |
 * | package by id / all packages                     | table / gsi1 | pk=PACKAGE#id / gsi1pk=PACKAGES          |
 * | safari by id / all safaris                       | table / gsi1 | pk=SAFARI#id / gsi1pk=SAFARIS            |
 * | safari seats per date and slot                   | table | pk=SAFARI#id, sk=SEATS#date#slot                |
 * | pricing rules (all, read strongly) / one rule     | table | pk=PRICING_RULES, sk begins_with RULE# / sk=RULE#id |
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
 * | a guest sign-up (its e-mail, its activation link) | table | pk=SIGNUP#id, sk=SIGNUP                         |
 * | sign-ups of one client address an hour           | table | pk=SIGNUPLIMIT#ip, sk=HOUR#yyyy-mm-ddThh        |
 * | date block by id / blocks running on or after a date | table / gsi1 | pk=BLOCK#id / gsi1pk=BLOCKS, gsi1sk > checkOut |
 * | a unit's calendar feed version                   | table | pk=COTTAGE#id, sk=ICAL                          |
 * | channel feed by id / all channel feeds, by unit  | table / gsi1 | pk=CHANNEL#id / gsi1pk=CHANNELS        |
 *
 * Dates are ISO `yyyy-mm-dd` and times ISO-8601 UTC, so string order is time order.
 */

export type Keys = { pk: string; sk: string };
export type Gsi1Keys = { gsi1pk: string; gsi1sk: string };

export * as stayTypeKeys from './keys/stay-type.ts';

export * as cottageKeys from './keys/cottage.ts';

export * as packageKeys from './keys/package.ts';

export * as safariKeys from './keys/safari.ts';

export * as pricingRuleKeys from './keys/pricing-rule.ts';

export { normaliseEmail } from './keys/user.ts';

export * as userKeys from './keys/user.ts';

export * as loginKeys from './keys/login.ts';

export * as bookingKeys from './keys/booking.ts';

export * as paymentKeys from './keys/payment.ts';

export * as openHoldKeys from './keys/open-hold.ts';

export * as idempotencyKeys from './keys/idempotency.ts';

/** Who a WebSocket message is for: all staff, all guests, or one signed-in user. */
export type Audience = 'admin' | 'customer' | `user:${string}`;

export * as connectionKeys from './keys/connection.ts';

export * as feedKeys from './keys/feed.ts';

export * as reportKeys from './keys/report.ts';

export * as activityKeys from './keys/activity.ts';

export * as lookupLimitKeys from './keys/lookup-limit.ts';

export * as signupKeys from './keys/signup.ts';

export * as effectKeys from './keys/effect.ts';

export * as auditKeys from './keys/audit.ts';

export * as blockKeys from './keys/block.ts';

export * as channelKeys from './keys/channel.ts';

export * as reportExportKeys from './keys/report-export.ts';

/** A fixed item the health check reads: a GetItem proves the table answers without scanning it. */
export const healthKeys: Keys = { pk: 'HEALTH', sk: 'HEALTH' };

/** Marks that the local sample data was written, so a second `npm start` keeps the data as it is. */
export const seedMarkerKeys: Keys = { pk: 'SEED', sk: 'SEED' };
