// Intl formatters are built on first use, not at import: building one loads locale data, which a
// function's cold start should not pay for unless it formats money.
let inr: Intl.NumberFormat | undefined;
let grouping: Intl.NumberFormat | undefined;

/** ₹ with Indian digit grouping and no decimals: 1800000 -> '₹18,00,000'. */
export const formatInr = (rupees: number): string =>
  (inr ??= new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0, minimumFractionDigits: 0 })).format(rupees);

/** Plain Indian grouping without the symbol: 1200 -> '1,200'. */
export const formatCount = (value: number): string => (grouping ??= new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })).format(value);
