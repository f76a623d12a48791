import { formatCountdown, useTimeLeft } from '@/lib/hold-time';
import { useT } from '@/i18n/i18n';

/** Under two minutes the line turns amber: still honest (the server's own deadline), just harder to miss. */
const LAST_MINUTES_MS = 2 * 60_000;

function ClockIcon() {
  return (
    <svg className="hold-timer__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * 'Your villa is held for 14:32': the server's hold on the booking's nights, counting down while the
 * guest pays. A timer role, so screen readers read it when asked rather than every second.
 */
export function HoldCountdown({ expiresAt }: { expiresAt: string | undefined }) {
  const left = useTimeLeft(expiresAt);
  const t = useT();
  if (left === undefined) return null;
  if (left <= 0)
    return (
      <p className="hold-timer hold-timer--over" data-testid="hold-timer">
        <ClockIcon />
        <span>{t('The time to pay has run out and your villa is no longer held.')}</span>
      </p>
    );
  return (
    <p className={`hold-timer${left < LAST_MINUTES_MS ? ' hold-timer--last' : ''}`} data-testid="hold-timer">
      <ClockIcon />
      <span>
        {t('Your villa is held for')}{' '}
        <strong role="timer" className="hold-timer__clock">
          {formatCountdown(left)}
        </strong>
      </span>
    </p>
  );
}
