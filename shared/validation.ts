import * as z from 'zod/mini';

/*
 * What every module that declares schemas shares: readable messages for the checks that carry none
 * of their own, length checks that leave a value of the wrong type alone, and the whole-number
 * check. Those modules import their helpers from here, so the messages are set before anything is
 * parsed, on the server and in the browser alike.
 *
 * Two zod habits to know when writing a schema:
 * - A schema's own message (`z.string('Name is required')`) is also given to its checks that have
 *   none; give every check its own message, or none to both.
 * - A check that must not run after an earlier issue (because a transform follows it) takes
 *   `abort: true`, so the object around it skips its own checks too.
 */

const plural = (count: unknown, unit: string) => `${String(count)} ${unit}${count === 1 ? '' : 's'}`;

/** What a value of each type is called in a message ('Must be a number'). */
const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  record: 'an object',
  array: 'a list',
};

const quoted = (value: unknown) => (typeof value === 'string' ? `"${value}"` : String(value));

/**
 * The message of an issue whose schema or check was given none: plain English without the field's
 * name (forms show it next to the field). zod's own read like 'Too big: expected string to have <=60 characters'.
 */
function defaultMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'too_small': {
      if (issue.origin === 'number') return `Must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
      const unit = issue.origin === 'string' ? 'character' : 'item';
      return issue.minimum === 1 && unit === 'character' ? 'Must not be empty' : `Must have at least ${plural(issue.minimum, unit)}`;
    }
    case 'too_big':
      if (issue.origin === 'number') return `Must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
      return `Must have at most ${plural(issue.maximum, issue.origin === 'string' ? 'character' : 'item')}`;
    case 'invalid_format':
      return issue.format === 'starts_with' ? `Must start with ${String(issue.prefix)}` : 'Is not valid';
    case 'unrecognized_keys':
      return 'Is not allowed here';
    case 'invalid_key':
      return issue.issues[0]?.message ?? 'Is not valid';
    case 'invalid_type':
      // A missing object is 'Must be an object' (that is what the field needs); anything else missing is 'Required'.
      if (issue.expected === 'object') return 'Must be an object';
      return issue.input === undefined ? 'Required' : `Must be ${typeNames[issue.expected] ?? 'valid'}`;
    case 'invalid_value':
      return issue.input === undefined ? 'Required' : `Must be ${issue.values.map(quoted).join(' or ')}`;
    case 'invalid_union':
      return issue.input === undefined ? 'Required' : 'Is not valid';
  }
  return 'Is not valid';
}

z.config({ customError: defaultMessage });

/**
 * Whether the value is still what its schema parsed it to: no issue so far stops checking it (a
 * wrong type, a failed pipe step, a check with `abort`). Length checks run only then: zod runs them
 * on anything with a `length`, so a list sent for a name would also be told it is too long.
 */
const unbroken = (payload: z.core.ParsePayload): boolean => payload.aborted !== true && payload.issues.every((issue) => issue.continue === true);

type LengthParams = string | { error?: string; abort?: boolean };
const lengthParams = (params: LengthParams | undefined) => ({ ...(typeof params === 'string' ? { error: params } : params), when: unbroken });

/** At least `minimum` characters or items (text is measured in code points, as zod does). */
export const minLength = /* @__NO_SIDE_EFFECTS__ */ (minimum: number, params?: LengthParams) => z.minLength(minimum, lengthParams(params));

/** At most `maximum` characters or items. A longer list is refused before its items are parsed. */
export const maxLength = /* @__NO_SIDE_EFFECTS__ */ (maximum: number, params?: LengthParams) => z.maxLength(maximum, lengthParams(params));

/**
 * `z.object` under its older name, for the callers that still use it: zod already reports a missing
 * field with the message its own schema gives for `undefined` (e.g. 'Check-in date is required').
 * `message` is for a value that is not an object at all.
 */
export const fields = /* @__NO_SIDE_EFFECTS__ */ <const S extends z.core.$ZodLooseShape>(shape: S, message?: string) => z.object(shape, message);

const WHOLE_NUMBER = 'Must be a whole number';

/**
 * A whole number (a safe integer). A fraction ends the checking there: `wholeNumber(m, m).check(
 * z.gte(1, ...))` says only `m` for 0.5, not also 'at least 1'. A number JSON cannot hold exactly
 * (1e999 reads as Infinity) is not a whole number either, rather than not a number.
 */
export const wholeNumber = /* @__NO_SIDE_EFFECTS__ */ (typeMessage?: string, integerMessage = WHOLE_NUMBER) =>
  z
    .number({
      // Only the type issue: the checks added later keep their own messages (or the defaults).
      error: (issue) =>
        issue.code !== 'invalid_type' ? undefined : typeof issue.input === 'number' && !Number.isNaN(issue.input) ? integerMessage : typeMessage,
    })
    .check(z.refine(Number.isSafeInteger, { error: integerMessage, abort: true }));

/** zod 3's e-mail pattern, kept so that every address accepted before (one with an apostrophe, say) still is. */
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The e-mail address check (a string's check). */
export const email = /* @__NO_SIDE_EFFECTS__ */ (message = 'Must be an e-mail address') => z.regex(emailPattern, message);

/** An ISO date and time, with seconds and a zone (Z or an offset): '2026-12-24T10:30:00Z'. */
const ISO_TIMESTAMP =
  /^\d{4}-(?:0[1-9]|1[0-2])-(?:[12]\d|0[1-9]|3[01])[T ](?:0\d|1\d|2[0-3])(?::[0-5]\d){2}(?:\.\d{1,9})?(?:Z| ?[+-](?:0\d|1\d|2[0-3])(?::?[0-5]\d)?)$/u;

/** The ISO timestamp check (a string's check). */
export const isoTimestamp = /* @__NO_SIDE_EFFECTS__ */ (message = 'Must be a date and time like 2026-12-24T10:30:00Z') => z.regex(ISO_TIMESTAMP, message);

/**
 * The longest id a request may name. Ids become parts of DynamoDB keys, and DynamoDB refuses a key
 * over 2,048 bytes (1,024 for a sort key) with an error rather than an answer; ours are UUIDs (36)
 * and slugs of at most 64 characters.
 */
export const MAX_ID_LENGTH = 64;

/**
 * An id a request names in its path, query or body (a villa, package, safari, booking, pricing
 * rule or user, a reference): 1 to `max` characters of text, each limit with a message naming
 * `label`. Every request id is one of these, so none reaches the table unbounded.
 */
export const idField = /* @__NO_SIDE_EFFECTS__ */ (label: string, max: number = MAX_ID_LENGTH, required = `${label} is required`) =>
  z.string(required).check(minLength(1, required), maxLength(max, `${label} must be at most ${max} characters`));

/** The ids the catalogue gives villas, villa types, packages and safaris: lower-case letters, digits and dashes. */
export const CATALOGUE_ID = /^[a-z0-9][a-z0-9-]*$/;

/** A list's opaque page `cursor` (query text): bounded, anything else in it is checked where it is decoded. */
export const cursorField = /* @__NO_SIDE_EFFECTS__ */ (max = 2000) => z.optional(z.string().check(maxLength(max, 'The page cursor is not valid')));

/**
 * For a query with an optional `from`/`to` day range: `to` not before `from` (the range becomes a
 * key condition, and DynamoDB refuses a BETWEEN whose bounds are the wrong way round).
 */
export const dayRangeInOrder = /* @__NO_SIDE_EFFECTS__ */ () =>
  z.refine<{ from?: string | undefined; to?: string | undefined }>((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'to must not be before from',
    path: ['to'],
  });

/** A list's `limit` query parameter: 1 to `max` (100 unless given), `fallback` when absent (query values arrive as text). */
export const pageLimit = /* @__NO_SIDE_EFFECTS__ */ (fallback: `${number}`, max = 100) => {
  const message = `limit is a number from 1 to ${max}`;
  const digits = new RegExp(`^\\d{1,${String(max).length}}$`);
  // Not digits ends it there: nothing is read as a number.
  const number = z.pipe(z.string().check(z.regex(digits, { error: message, abort: true })), z.transform(Number));
  return z.prefault(number.check(z.gte(1, message), z.lte(max, message)), fallback);
};
