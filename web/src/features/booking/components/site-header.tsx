import { Suspense, useState } from 'react';
import { HeaderEnd } from '@/components/header-end';
import { SiteBrand } from '@/components/site-brand';
import type { StoredSession } from '../model/session-store';
import { formatClock } from '@/lib/format';
import { preloadable } from '@/lib/preloadable';
import { useT } from '@/i18n/i18n';
import { STEP_COUNT } from '../model/wizard';

// Asked only when a guest starts over: off the first load, and warmed with the steps (booking-page.tsx).
const StartOverDialog = preloadable(() => import('./start-over-dialog'));
export const loadStartOver = StartOverDialog.load;

/**
 * The small site header: a booking in progress in a guest's words ('Your booking: step 2 of 4,
 * saved 8:01 PM'), Start over (asked first: it throws the choices away), and the account links.
 */
export function SiteHeader({ session, onClear }: { session: StoredSession | undefined; onClear: () => void }) {
  const [asking, setAsking] = useState(false);
  const t = useT();
  return (
    <header className="site-header">
      <SiteBrand />
      {session && (
        <div className="site-header__session">
          <p className="site-header__status" data-testid="session-status">
            <span>{t('Your booking: step {step} of {count}', { step: session.step, count: STEP_COUNT })}</span>
            <span className="site-header__activity">{t(', saved {time}', { time: formatClock(session.lastActivity) })}</span>
          </p>
          <button type="button" className="button button--ghost button--small" onClick={() => setAsking(true)}>
            {t('Start over')}
          </button>
        </div>
      )}
      <HeaderEnd />
      {asking && (
        <Suspense fallback={null}>
          <StartOverDialog
            onKeep={() => setAsking(false)}
            onClear={() => {
              setAsking(false);
              onClear();
            }}
          />
        </Suspense>
      )}
    </header>
  );
}
