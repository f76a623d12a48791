import { useT } from '@/i18n/i18n';
import { useConnectivity } from '@/lib/connectivity';
import './price-note.css';

/**
 * Says so when the resort cannot be reached (the browser is offline, or a request failed): the
 * guest can keep browsing from the last catalogue, prices are estimates, and booking waits for a
 * connection. A live region that is always there (no status role: the page's toasts own that), so
 * the change is announced.
 */
export function OfflineNotice() {
  const connection = useConnectivity();
  const t = useT();
  return (
    <div className="offline-notice" aria-live="polite" aria-atomic="true" data-testid="offline-notice">
      {!connection.online && (
        <p>
          <strong>{connection.reason === 'offline' ? t("You're offline.") : t("We can't reach the resort right now.")}</strong>{' '}
          {t(
            "You can keep browsing villas, packages and safaris from your last visit; prices are estimates until you're back online. Booking needs a connection, and everything you've entered is kept.",
          )}
        </p>
      )}
    </div>
  );
}
