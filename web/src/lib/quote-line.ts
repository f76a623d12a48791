import { z } from 'zod/mini';

const text = z.optional(z.string());
const count = z.optional(z.number());

/**
 * A line of a quote or of a stored booking's breakdown: its English label, its amount, and what it
 * is (shared/quote.ts `QuoteItem`), which another language's chunk checks by kind and words
 * (web/src/i18n/quote-lines.ts). The item is read as one flat object, with the schemas the first
 * load already has (an `unknown` would add zod code English never needs).
 */
export const quoteLineSchema = z.object({
  label: z.string(),
  amount: z.number(),
  item: z.optional(
    z.object({
      kind: z.string(),
      villa: text,
      nights: count,
      rate: count,
      rooms: count,
      names: text,
      guests: count,
      name: text,
      date: text,
      slot: text,
      price: count,
    }),
  ),
});
