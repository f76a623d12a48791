import { AccountNav } from '@/components/account-nav';
import { CurrencySelect } from '@/components/currency-select';
import { NotificationBell } from '@/components/notification-bell';
import { SiteBrand } from '@/components/site-brand';
import type { StoredSession } from '../model/session-store';
import { formatClock } from '@/lib/format';
import { STEP_COUNT } from '../model/wizard';

/** The small site header: the session's step and last activity (or 'No active session'), Clear Session, and the account links. */
export function SiteHeader({ session, onClear }: { session: StoredSession | undefined; onClear: () => void }) {
  return (
    <header className="site-header">
      <SiteBrand />
      <div className="site-header__session">
        <p className="site-header__status" data-testid="session-status">
          {session ? (
            <>
              <span>
                Step {session.step}/{STEP_COUNT}
              </span>
              <span className="site-header__activity"> · last activity {formatClock(session.lastActivity)}</span>
            </>
          ) : (
            'No active session'
          )}
        </p>
        {session && (
          <button type="button" className="button button--ghost button--small" onClick={onClear}>
            Clear Session
          </button>
        )}
      </div>
      <div className="site-header__end">
        <CurrencySelect />
        <AccountNav />
        <NotificationBell />
      </div>
    </header>
  );
}
