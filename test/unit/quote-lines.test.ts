import { afterAll, describe, expect, it } from 'vitest';
import type { PricingRule } from '../../shared/pricing-rules.ts';
import { quoteStay, type QuoteInput } from '../../shared/quote.ts';
import { i18n } from '../../web/src/i18n/i18n.ts';
import { messages as hindi } from '../../web/src/i18n/compiled/hi.ts';
import { pricingRule } from '../support/pricing-fixtures.ts';
import { wordQuoteItem, wordQuoteLine } from '../../web/src/i18n/quote-lines.ts';
import '../../web/src/i18n/english/booking.ts';

const rule = (id: string, service_type: PricingRule['service_type'], service_name: string) => pricingRule({ id, service_type, service_name });

/** A stay with a line of every kind: two rooms, a discount on each part, extra guests, a package with one safari included and one paid. */
const everyKind: QuoteInput = {
  checkIn: '2027-01-10',
  checkOut: '2027-01-12',
  adults: 3,
  children: 1,
  rooms: 2,
  cottage: { id: 'hornbill-1', name: 'Hornbill Villa', type: 'hornbill-villa', base_price: 18000 },
  stayPackage: { id: 'safari-adventure', name: 'Safari Adventure', price_multiplier: 1.2, min_guests: 2, includes_safari: true, max_safaris: 1 },
  safaris: [
    { id: 'morning-jeep-safari', name: 'Morning Jeep Safari', price: 2500, guests: 4, date: '2027-01-10', timeSlot: '06:00-09:00' },
    { id: 'night-walk', name: 'Night Walk', price: 800, guests: 2, date: '2027-01-11', timeSlot: '20:00-22:00' },
  ],
  rules: [rule('r1', 'cottage', 'Winter Escape'), rule('r2', 'package', 'Package Saver'), rule('r3', 'safari', 'Walk Deal')],
};

describe("the quote's lines in the guest's language (docs/product.md#languages)", () => {
  const { lines } = quoteStay(everyKind);
  afterAll(() => i18n.activate('en'));

  it('has a line of every kind, each saying what it is', () => {
    expect(new Set(lines.map((line) => line.item.kind))).toEqual(
      new Set(['villa', 'discount', 'extra-guests', 'package', 'safari', 'included', 'gst', 'service-fee']),
    );
  });

  it("words every line in English exactly as the API's label: the catalogue's English is the label", () => {
    i18n.activate('en');
    for (const line of lines) expect(wordQuoteItem(line.item), line.label).toBe(line.label);
    expect(lines[0]?.label).toBe('Hornbill Villa: 2 nights × ₹18,000 × 2 rooms');
  });

  it('words every line in Hindi, keeping the names staff wrote and the amounts', () => {
    i18n.load('hi', hindi);
    i18n.activate('hi', ['hi-IN']);
    const worded = lines.map((line) => wordQuoteItem(line.item));
    expect(worded).toEqual([
      'Hornbill Villa: 2 रातें × ₹18,000 × 2 कमरे',
      'Winter Escape छूट',
      'अतिरिक्त मेहमान: 3 × ₹18,000 का 30%',
      'पैकेज: Safari Adventure',
      'Package Saver छूट',
      'सफ़ारी: Morning Jeep Safari, रवि, 10 जन॰, 6:00–9:00 am, 4 × ₹2,500',
      'Safari Adventure पैकेज में शामिल',
      'सफ़ारी: Night Walk, सोम, 11 जन॰, 8:00–10:00 pm, 2 × ₹800',
      'Walk Deal छूट',
      'GST 18%',
      'सेवा शुल्क 2% (अधिकतम ₹500)',
    ]);
  });

  it('leaves a line it cannot read to its English: no item, a kind it does not know, or a value missing', () => {
    i18n.activate('hi', ['hi-IN']);
    expect(wordQuoteLine(lines[0]?.item)).toBe('Hornbill Villa: 2 रातें × ₹18,000 × 2 कमरे');
    for (const item of [undefined, null, 'villa', { kind: 'gift-card' }, { kind: 'villa', villa: 'Hornbill Villa' }, { kind: 'safari', name: 'x', date: 1 }])
      expect(wordQuoteLine(item), JSON.stringify(item)).toBeUndefined();
  });
});
