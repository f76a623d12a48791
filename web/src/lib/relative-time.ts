import { dateTimeFormat } from '@shared/stay-format';
import '@/i18n/english/notices';
import { intlLocale, t } from '@/i18n/i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A notification's time (docs/product.md#guest-notifications) in the current language: 'Just now', 'Nm ago',
 * 'Nh ago', or, from a day on, its date in the site's format ('21 Nov 2026').
 */
export function formatTimeAgo(timestamp: number, now: number): string {
  const elapsed = Math.max(0, now - timestamp);
  if (elapsed < MINUTE) return t('Just now');
  if (elapsed < HOUR) return t('{minutes}m ago', { minutes: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('{hours}h ago', { hours: Math.floor(elapsed / HOUR) });
  return dateTimeFormat(intlLocale(), 'notice day', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(timestamp));
}
