import * as z from 'zod/mini';
import { cleanText, tooLongMessage } from './text.ts';
import { maxLength, minLength, wholeNumber } from './validation.ts';

/*
 * What the portal's catalogue modules share (docs/product.md#catalogue-tabs): the field rules their
 * payloads are checked with, how names become ids, and the delete refusal's code. Each kind of
 * item has its own module beside this one (admin-catalogue-cottages.ts, -packages.ts, -safaris.ts):
 * its payload, how it maps onto what we store (catalogue-schemas.ts) and how the portal shows it.
 * The server validates and maps with them, the web forms use the same rules; a function imports
 * only its own kind's. Their schemas are built with every call marked pure, so that a function keeps
 * only the ones it uses (the web's answer schemas, or a create body in a delete, are left out).
 */

/** A required one-line (or multi-line) text: cleaned, then 1..max characters. */
export const requiredText = (label: string, max: number, multiline = false) =>
  z.string(`${label} is required`).check(
    z.overwrite((text: string) => cleanText(text, { multiline })),
    minLength(1, `${label} is required`),
    maxLength(max, tooLongMessage(label, max)),
  );

/** Whole rupees from 1 to `max`. */
export const amount = (label: string, max: number) =>
  wholeNumber(`${label} is required`, `${label} is a whole number of rupees`).check(
    z.gte(1, `${label} must be more than ₹0`),
    // The message is built only when it is shown: formatting a number en-IN at import loads the
    // locale's data, which slows every catalogue function's cold start.
    z.lte(max, { error: () => `${label} is at most ₹${max.toLocaleString('en-IN')}` }),
  );

/** A whole number from `min` to `max`. */
export const count = (label: string, min: number, max: number) =>
  wholeNumber(`${label} is required`, `${label} is a whole number`).check(
    z.gte(min, `${label} must be at least ${min}`),
    z.lte(max, `${label} is at most ${max}`),
  );

/** A list given as a list, or as text with one item per line or comma (the wire's amenities are comma-separated text). */
export function toList(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(/[\n,]/) : value;
  const cleaned = parts.map((part) => cleanText(part)).filter(Boolean);
  return [...new Set(cleaned)];
}

/** Text, or a list of text: what a list field takes (the OpenAPI document describes it by this function). */
export const isListOrText = (value: unknown): value is ListOrText =>
  typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/**
 * A list, or text with one item per line or comma: checked as toList will read it, and left as sent
 * (the kind's toStored* reads it with toList), so a body schema needs no pipe or transform.
 */
export const listOrText = (label: string, maxItem: number) =>
  // A custom check rather than a union of the two: the same answer, and no union code in the functions that take it.
  z.custom<ListOrText>(isListOrText, `${label} is a list or comma-separated text`).check(
    z.refine((value: ListOrText) => toList(value).length <= 30, `${label}: at most 30 items`),
    z.refine((value: ListOrText) => toList(value).every((item) => item.length <= maxItem), `${label}: each item is at most ${maxItem} characters`),
  );
export type ListOrText = string | string[];

/** Lower-case letters, digits and dashes from a name ('Hornbill Villa 2' -> 'hornbill-villa-2'). */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** The refusal of a delete while guests hold upcoming bookings (the 409's `code`, so the portal offers deactivation). */
export const HAS_UPCOMING_BOOKINGS = 'has_upcoming_bookings';
