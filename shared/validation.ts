import * as v from 'valibot';

/*
 * What every module that declares valibot schemas shares: readable messages for the checks that
 * carry none of their own, the object that reports a missing field with that field's own message,
 * and the whole-number check. Those modules import their helpers from here, so the messages are
 * set before anything is parsed, on the server and in the browser alike.
 */

const plural = (count: unknown, unit: string) => `${String(count)} ${unit}${count === 1 ? '' : 's'}`;

/** What a value of each schema type is called in a message ('Must be a number'). */
const typeNames: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  strict_object: 'an object',
  array: 'a list',
};

/**
 * The message of an issue whose schema or action was given none: plain English without the field's
 * name (forms show it next to the field). valibot's own read like 'Invalid length: Expected <=60
 * but received 61'.
 */
function defaultMessage(issue: v.BaseIssue<unknown>): string {
  const { requirement } = issue;
  const unit = typeof issue.input === 'string' ? 'character' : 'item';
  switch (issue.type) {
    case 'min_length':
      return requirement === 1 && unit === 'character' ? 'Must not be empty' : `Must have at least ${plural(requirement, unit)}`;
    case 'max_length':
      return `Must have at most ${plural(requirement, unit)}`;
    case 'min_value':
      return `Must be at least ${String(requirement)}`;
    case 'max_value':
      return `Must be at most ${String(requirement)}`;
    case 'gt_value':
      return `Must be more than ${String(requirement)}`;
    case 'integer':
    case 'safe_integer':
      return 'Must be a whole number';
    case 'url':
      return 'Must be a URL';
    case 'starts_with':
      return `Must start with ${String(requirement)}`;
    case 'iso_timestamp':
      return 'Must be a date and time like 2026-12-24T10:30:00Z';
  }
  if (issue.kind !== 'schema') return 'Is not valid';
  // A key issue (the only schema issue with a path of its own): a field that is missing, or not allowed.
  if (issue.path) return issue.expected === 'never' ? 'Is not allowed here' : 'Required';
  const name = typeNames[issue.type];
  if (issue.received === 'undefined' && !issue.type.endsWith('object')) return 'Required';
  // A picklist or literal expects e.g. '("villa" | "safari")'.
  return `Must be ${name ?? (issue.expected ?? 'valid').replace(/^\((.*)\)$/, '$1').replaceAll(' | ', ' or ')}`;
}

v.setGlobalMessage(defaultMessage);

/**
 * `v.object`, except that a missing field is reported with the message its own schema gives for
 * `undefined` (e.g. 'Check-in date is required'), as zod did: valibot itself reports a missing key
 * with the object's message. `message` is for a value that is not an object at all.
 */
/* @__NO_SIDE_EFFECTS__ */
export function fields<const E extends v.ObjectEntries>(entries: E, message?: string) {
  return v.object(entries, (issue) => {
    const key = issue.path?.[0]?.key;
    if (typeof key === 'string' && Object.hasOwn(entries, key)) {
      const own = v.safeParse(entries[key] as v.GenericSchema, undefined, { lang: issue.lang }).issues?.[0]?.message;
      if (own) return own;
    }
    return message ?? defaultMessage(issue);
  });
}

/**
 * A whole number (a safe integer, as zod's int check). Like zod's, a fraction ends the checking
 * there: `v.pipe(wholeNumber(m, m), v.minValue(1, ...))` says only `m` for 0.5, not also 'at least
 * 1'. (valibot runs a pipe's later validations after an issue, unless the value was left untyped,
 * which a transformation step does when it meets an issue; hence the identity step.)
 */
export const wholeNumber = /* @__NO_SIDE_EFFECTS__ */ (typeMessage?: string, integerMessage?: string) =>
  v.pipe(
    v.number(typeMessage),
    v.safeInteger(integerMessage),
    v.transform((value: number) => value),
  );

/** zod's e-mail pattern, kept so that every address accepted before (one with an apostrophe, say) still is. */
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The e-mail address check (a string pipe's action). */
export const email = /* @__NO_SIDE_EFFECTS__ */ (message = 'Must be an e-mail address') => v.regex(emailPattern, message);

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
  v.pipe(v.string(required), v.minLength(1, required), v.maxLength(max, `${label} must be at most ${max} characters`));

/** The ids the catalogue gives villas, villa types, packages and safaris: lower-case letters, digits and dashes. */
export const CATALOGUE_ID = /^[a-z0-9][a-z0-9-]*$/;

/** A list's opaque page `cursor` (query text): bounded, anything else in it is checked where it is decoded. */
export const cursorField = /* @__NO_SIDE_EFFECTS__ */ (max = 2000) => v.optional(v.pipe(v.string(), v.maxLength(max, 'The page cursor is not valid')));

/**
 * For a query with an optional `from`/`to` day range: `to` not before `from` (the range becomes a
 * key condition, and DynamoDB refuses a BETWEEN whose bounds are the wrong way round).
 */
export const dayRangeInOrder = /* @__NO_SIDE_EFFECTS__ */ <T extends Record<string, unknown> & { from?: string | undefined; to?: string | undefined }>() =>
  v.forward<T, v.CheckIssue<T>, ['to']>(
    v.check((query: T) => !query.from || !query.to || query.from <= query.to, 'to must not be before from'),
    // valibot cannot check a path into a generic type; `to` is in T by its constraint.
    ['to'] as never,
  );

const LIMIT_MESSAGE = 'limit is a number from 1 to 100';

/** A list's `limit` query parameter: 1 to 100, `fallback` when absent (query values arrive as text). */
export const pageLimit = /* @__NO_SIDE_EFFECTS__ */ (fallback: `${number}`) =>
  v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, LIMIT_MESSAGE), v.transform(Number), v.minValue(1, LIMIT_MESSAGE), v.maxValue(100, LIMIT_MESSAGE)),
    fallback,
  );
