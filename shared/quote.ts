import { formatInr } from './money.ts';
import { PACKAGE_BASE, packageBasePrice } from './package-price.ts';
import { bestRule, discounted, type PricingRule } from './pricing-rules.ts';
import { stayNights } from './stay.ts';
import { formatSlot, formatStayDay } from './stay-format.ts';

/** The quote's constants (docs/product.md#quote). */
export const pricing = {
  extraGuestShare: 0.3,
  packageBase: PACKAGE_BASE,
  packageExtraGuestShare: 0.3,
  packageNightFactor: 0.8,
  gstRate: 0.18,
  serviceFeeRate: 0.02,
  serviceFeeCap: 500,
} as const;

/**
 * What a line of the quote is, with its values, so the site can word it in the guest's language
 * (docs/product.md#languages); the line's `label` is its English, built from the same values.
 * Dates are ISO days and slots 'HH:MM-HH:MM', for the reader to format; each key is one word, so a
 * stored booking's breakdown needs no casing of its own.
 */
export type QuoteItem =
  | { kind: 'villa'; villa: string; nights: number; rate: number; rooms: number }
  | { kind: 'discount'; names: string }
  | { kind: 'extra-guests'; guests: number; rate: number }
  | { kind: 'package'; name: string }
  | { kind: 'safari'; name: string; date: string; slot: string; guests: number; price: number }
  | { kind: 'included'; name: string }
  | { kind: 'gst' }
  | { kind: 'service-fee' };

export type QuoteLine = { label: string; amount: number; item: QuoteItem };

/** A line's English, as the API and the e-mails and the portal show it. */
export function quoteLineLabel(item: QuoteItem): string {
  switch (item.kind) {
    case 'villa':
      return `${item.villa}: ${item.nights} night${item.nights === 1 ? '' : 's'} × ${formatInr(item.rate)}${item.rooms > 1 ? ` × ${item.rooms} rooms` : ''}`;
    case 'discount':
      return `${item.names} discount`;
    case 'extra-guests':
      return `Extra guests: ${item.guests} × 30% of ${formatInr(item.rate)}`;
    case 'package':
      return `Package: ${item.name}`;
    case 'safari':
      return `Safari: ${item.name}, ${formatStayDay(item.date)}, ${formatSlot(item.slot)}, ${item.guests} × ${formatInr(item.price)}`;
    case 'included':
      return `Included in the ${item.name} package`;
    case 'gst':
      return 'GST 18%';
    case 'service-fee':
      return 'Service fee 2% (at most ₹500)';
  }
}

const line = (item: QuoteItem, amount: number): QuoteLine => ({ label: quoteLineLabel(item), amount, item });

/** POST /api/packages/calculate-pricing: the stay and its choices, as the booking will carry them. */
export type StayQuoteRequest = {
  cottageType: string;
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  rooms: number;
  packageId?: string;
  selectedSafaris: Array<{ safariId: string; date: string; timeSlot: string; guests: number }>;
};

export type QuoteInput = {
  checkIn: string;
  checkOut: string;
  adults: number;
  children: number;
  rooms: number;
  cottage: { id: string; name: string; type: string; base_price: number };
  /** includes_safari and max_safaris: how many of the stay's safaris the package includes at no charge (absent: none). */
  stayPackage?: { id: string; name: string; price_multiplier: number; min_guests: number; includes_safari?: boolean; max_safaris?: number };
  safaris: ReadonlyArray<{ id: string; name: string; price: number; guests: number; date: string; timeSlot: string }>;
  rules: readonly PricingRule[];
};

export type Quote = {
  currency: 'INR';
  nights: number;
  guests: number;
  villa: {
    basePrice: number;
    rooms: number;
    nightly: Array<{ date: string; price: number; ruleId?: string }>;
    guestMultiplier: number;
    extraGuestCost: number;
    discount: number;
    amount: number;
  };
  package?: { id: string; basePrice: number; amount: number; discount: number };
  /** `included`: one of the package's included safaris, so its amount is 0. */
  safaris: Array<{ id: string; date: string; timeSlot: string; guests: number; amount: number; discount: number; included: boolean }>;
  subtotal: number;
  gst: number;
  serviceFee: number;
  total: number;
  lines: QuoteLine[];
};

export { packageBasePrice };

/**
 * How many safaris a package includes at no extra charge: its max_safaris when it includes safaris,
 * else none (the portal keeps an old max_safaris when the inclusions stop mentioning a safari). Any
 * stay may add more safaris at their price (docs/product.md#safari-rules).
 */
export const includedSafaris = (stayPackage: { includes_safari?: boolean; max_safaris?: number } | undefined): number =>
  stayPackage?.includes_safari ? Math.max(0, stayPackage.max_safaris ?? 0) : 0;

/**
 * Which of a stay's safaris the package includes: the `count` dearest by their full price (the
 * choice that saves the guest most), the earlier one first when two cost the same.
 */
export function includedSafariIndexes(fullPrices: readonly number[], count: number): Set<number> {
  const dearestFirst = fullPrices.map((price, index) => ({ price, index })).sort((a, b) => b.price - a.price || a.index - b.index);
  return new Set(dearestFirst.slice(0, Math.max(0, count)).map((entry) => entry.index));
}

/**
 * Package price: base plus 30% of base per guest above the package minimum, times the larger of 1
 * and 0.8 x nights when the stay is longer than one night, rounded (docs/product.md#quote).
 */
export function packagePrice(multiplier: number, guests: number, nights: number, minGuests = 1): number {
  const base = packageBasePrice(multiplier);
  const withGuests = base + pricing.packageExtraGuestShare * base * Math.max(0, guests - minGuests);
  const nightFactor = nights > 1 ? Math.max(1, pricing.packageNightFactor * nights) : 1;
  return Math.round(withGuests * nightFactor);
}

/** GST 18% of the subtotal and a 2% service fee capped at ₹500, each rounded to the rupee. */
export function taxesAndFees(subtotal: number): { gst: number; serviceFee: number; total: number } {
  const gst = Math.round(subtotal * pricing.gstRate);
  const serviceFee = Math.min(Math.round(subtotal * pricing.serviceFeeRate), pricing.serviceFeeCap);
  return { gst, serviceFee, total: subtotal + gst + serviceFee };
}

/**
 * The one quote, used by the server (authoritative: it is what is charged) and by the web (to show
 * the same numbers before asking). Whole rupees throughout; every line of the breakdown adds up.
 */
export function quoteStay(input: QuoteInput): Quote {
  const nights = stayNights(input.checkIn, input.checkOut);
  const guests = input.adults + input.children;
  const lines: QuoteLine[] = [];
  const base = input.cottage.base_price;
  const rooms = Math.max(1, input.rooms);

  const nightly = nights.map((date) => {
    const rule = bestRule(input.rules, { serviceType: 'cottage', targets: [input.cottage.type, input.cottage.id], date, nights: nights.length });
    return { date, price: rule ? discounted(base, rule.discount_percentage) : base, ...(rule ? { ruleId: rule.id } : {}) };
  });
  const undiscountedNights = base * nights.length * rooms;
  const nightsAmount = nightly.reduce((sum, night) => sum + night.price, 0) * rooms;
  const extraGuests = Math.max(0, guests - 1);
  // The extra-guest rule: 30% of the base price per guest beyond the first, once per stay.
  const extraGuestCost = Math.round(pricing.extraGuestShare * base * extraGuests);
  lines.push(line({ kind: 'villa', villa: input.cottage.name, nights: nights.length, rate: base, rooms }, undiscountedNights));
  const villaDiscount = undiscountedNights - nightsAmount;
  if (villaDiscount > 0) {
    const ruleNames = [...new Set(nightly.flatMap((night) => input.rules.filter((rule) => rule.id === night.ruleId).map((rule) => rule.service_name)))];
    lines.push(line({ kind: 'discount', names: ruleNames.join(', ') }, -villaDiscount));
  }
  if (extraGuestCost > 0) lines.push(line({ kind: 'extra-guests', guests: extraGuests, rate: base }, extraGuestCost));

  let packageQuote: Quote['package'];
  if (input.stayPackage) {
    const full = packagePrice(input.stayPackage.price_multiplier, guests, nights.length, input.stayPackage.min_guests);
    const rule = bestRule(input.rules, { serviceType: 'package', targets: [input.stayPackage.id], date: input.checkIn, nights: nights.length });
    const amount = rule ? discounted(full, rule.discount_percentage) : full;
    packageQuote = { id: input.stayPackage.id, basePrice: packageBasePrice(input.stayPackage.price_multiplier), amount, discount: full - amount };
    lines.push(line({ kind: 'package', name: input.stayPackage.name }, full));
    if (full > amount && rule) lines.push(line({ kind: 'discount', names: rule.service_name }, amount - full));
  }

  const included = includedSafariIndexes(
    input.safaris.map((safari) => safari.price * safari.guests),
    includedSafaris(input.stayPackage),
  );
  const safaris = input.safaris.map((safari, index) => {
    const full = safari.price * safari.guests;
    lines.push(line({ kind: 'safari', name: safari.name, date: safari.date, slot: safari.timeSlot, guests: safari.guests, price: safari.price }, full));
    const common = { id: safari.id, date: safari.date, timeSlot: safari.timeSlot, guests: safari.guests };
    if (included.has(index)) {
      // Shown at its price and then taken off, so the guest sees what the package gives.
      lines.push(line({ kind: 'included', name: input.stayPackage?.name ?? '' }, -full));
      return { ...common, amount: 0, discount: 0, included: true };
    }
    const rule = bestRule(input.rules, { serviceType: 'safari', targets: [safari.id], date: safari.date, nights: nights.length });
    const amount = rule ? discounted(full, rule.discount_percentage) : full;
    if (full > amount && rule) lines.push(line({ kind: 'discount', names: rule.service_name }, amount - full));
    return { ...common, amount, discount: full - amount, included: false };
  });

  const villaAmount = nightsAmount + extraGuestCost;
  const subtotal = villaAmount + (packageQuote?.amount ?? 0) + safaris.reduce((sum, safari) => sum + safari.amount, 0);
  const { gst, serviceFee, total } = taxesAndFees(subtotal);
  lines.push(line({ kind: 'gst' }, gst), line({ kind: 'service-fee' }, serviceFee));

  return {
    currency: 'INR',
    nights: nights.length,
    guests,
    villa: {
      basePrice: base,
      rooms,
      nightly,
      guestMultiplier: Math.round((1 + pricing.extraGuestShare * extraGuests) * 100) / 100,
      extraGuestCost,
      discount: villaDiscount,
      amount: villaAmount,
    },
    ...(packageQuote ? { package: packageQuote } : {}),
    safaris,
    subtotal,
    gst,
    serviceFee,
    total,
    lines,
  };
}
