const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let dateFormat: Intl.DateTimeFormat | undefined;

/** A notification's time (docs/product.md#guest-notifications) as 'Just now', 'Nm ago', 'Nh ago', or, from a day on, its date ('Nov 20, 2026'). */
export function formatTimeAgo(timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  dateFormat ??= new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  return dateFormat.format(new Date(timestamp));
}
