const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

/** ₹ with Indian digit grouping and no decimals: 1800000 -> '₹18,00,000'. */
export const formatInr = (rupees: number): string => inr.format(rupees);

const grouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** Plain Indian grouping without the symbol: 1200 -> '1,200'. */
export const formatCount = (value: number): string => grouping.format(value);
