import { z } from 'zod/mini';
import { formatInr } from '@shared/money';
import type { QuoteItem } from '@shared/quote';
import { formatShortDate, formatSlot } from '@/lib/format';
import { t } from './i18n';

/**
 * What a quote line is, as the site reads it, by kind. Plain objects only: a zod union here would
 * put its code in the first load, which every chunk's zod shares.
 */
const itemSchemas: { [Kind in QuoteItem['kind']]: z.ZodMiniType<Omit<Extract<QuoteItem, { kind: Kind }>, 'kind'>> } = {
  villa: z.object({ villa: z.string(), nights: z.number(), rate: z.number(), rooms: z.number() }),
  discount: z.object({ names: z.string() }),
  'extra-guests': z.object({ guests: z.number(), rate: z.number() }),
  package: z.object({ name: z.string() }),
  safari: z.object({ name: z.string(), date: z.string(), slot: z.string(), guests: z.number(), price: z.number() }),
  included: z.object({ name: z.string() }),
  gst: z.object({}),
  'service-fee': z.object({}),
};

const isKind = (kind: unknown): kind is QuoteItem['kind'] => typeof kind === 'string' && Object.hasOwn(itemSchemas, kind);

/** A line's item (as it came) in the current language, or undefined when it is not one this site knows. */
export function wordQuoteLine(item: unknown): string | undefined {
  const kind = (item as { kind?: unknown } | null | undefined)?.kind;
  if (!isKind(kind)) return undefined;
  const parsed = itemSchemas[kind].safeParse(item);
  return parsed.success ? wordQuoteItem({ ...parsed.data, kind } as QuoteItem) : undefined;
}

/**
 * A quote line in the current language, from what the line is (shared/quote.ts `QuoteItem`). Its
 * English is the API's own label, so English shows that; this comes with another language's chunk
 * (./languages), and test/unit/quote-lines.test.ts holds its English to the API's label.
 */
export function wordQuoteItem(item: QuoteItem): string {
  switch (item.kind) {
    case 'villa':
      return t('{villa}: {nights, plural, one {# night} other {# nights}} × {rate}{rooms, plural, =1 {} other { × # rooms}}', {
        villa: item.villa,
        nights: item.nights,
        rate: formatInr(item.rate),
        rooms: item.rooms,
      });
    case 'discount':
      return t('{names} discount', { names: item.names });
    case 'extra-guests':
      return t('Extra guests: {guests} × 30% of {rate}', { guests: item.guests, rate: formatInr(item.rate) });
    case 'package':
      return t('Package: {name}', { name: item.name });
    case 'safari':
      return t('Safari: {name}, {date}, {slot}, {guests} × {price}', {
        name: item.name,
        date: formatShortDate(item.date),
        slot: formatSlot(item.slot),
        guests: item.guests,
        price: formatInr(item.price),
      });
    case 'included':
      return t('Included in the {name} package', { name: item.name });
    case 'gst':
      return t('GST 18%');
    case 'service-fee':
      return t('Service fee 2% (at most ₹500)');
  }
}
