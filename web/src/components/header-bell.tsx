import { lazy, Suspense, useState } from 'react';
import { useT } from '@/i18n/i18n';
import { useFirstPass } from '@/lib/first-pass';
import { BellIcon } from './bell-icon';
import './notifications.css';

// The live bell (its counter, its panel, the notifications' store) comes after the first screen:
// nothing can have arrived before the real-time connection, which opens once the page is up.
const NotificationBell = lazy(() => import('./notification-bell').then(({ NotificationBell: Bell }) => ({ default: Bell })));

/**
 * The guest header's bell (docs/product.md#guest-notifications). The first screen shows it at rest,
 * as the live bell shows it with nothing unread; the live bell takes its place once its code is in,
 * and opens at once if the guest tapped the bell before that.
 */
export function HeaderBell() {
  const firstPass = useFirstPass();
  const [tapped, setTapped] = useState(false);
  const t = useT();
  const atRest = (
    <div className="bell" data-connection="connecting">
      <button
        type="button"
        className="bell__button"
        aria-label={t('Notifications')}
        aria-expanded={false}
        data-testid="notification-bell"
        onClick={() => setTapped(true)}
      >
        <BellIcon />
      </button>
    </div>
  );
  if (firstPass) return atRest;
  return (
    <Suspense fallback={atRest}>
      <NotificationBell initiallyOpen={tapped} />
    </Suspense>
  );
}
