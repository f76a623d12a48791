import * as z from 'zod/mini';
import { maxLength, minLength } from './validation.ts';

/*
 * Characters that have no place in a name, an address or a note, and that make stored text lie
 * about itself when shown: C0 controls (tab, line feed and carriage return are handled apart),
 * DEL, C1 controls, the bidi embeddings and overrides U+202A-U+202E (U+202E turns "gpj.exe" into
 * "exe.jpg"), the bidi isolates U+2066-U+2069, the bidi marks U+200E, U+200F and U+061C, a stray
 * byte-order mark U+FEFF, and surrogate halves without their pair (with the
 * `u` flag a class matches a surrogate only when it stands alone).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF\uD800-\uDFFF]/gu;
/** Line breaks of every kind, and tabs, in text that is one line (a name). */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;
/** Line breaks other than \n, in text that may span lines (an address, a note). */
const OTHER_BREAKS = /\r\n?|[\v\f\u0085\u2028\u2029]/g;

/**
 * The one sanitiser for free text from requests: unsafe characters removed, then trimmed. One-line
 * text (the default) has its tabs and line breaks turned into a space; multi-line text keeps tabs
 * and line feeds, with every other kind of line break made a line feed.
 */
export function cleanText(value: string, options: { multiline?: boolean } = {}): string {
  const spaced = options.multiline ? value.replace(OTHER_BREAKS, '\n') : value.replace(BREAKS, ' ');
  return spaced.replace(UNSAFE, '').trim();
}

/** The length message of a bounded text field. */
export const tooLongMessage = (label: string, max: number): string => `${label} must be at most ${max} characters`;

/**
 * A free-text field of a request: sanitised by `cleanText`, then at most `max` characters with a
 * message saying so. With `required`, a missing or blank value gets that message.
 */
/* @__NO_SIDE_EFFECTS__ */
export function textField(label: string, max: number, options: { required?: string; multiline?: boolean } = {}) {
  // Cleaned first, so the length checks count what is stored.
  const clean = z.overwrite((value: string) => cleanText(value, options));
  const tooLong = maxLength(max, tooLongMessage(label, max));
  return options.required ? z.string(options.required).check(clean, minLength(1, options.required), tooLong) : z.string().check(clean, tooLong);
}
