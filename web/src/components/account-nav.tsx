import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { signOutGuest, useGuestUser } from '@/lib/guest-session';

/**
 * The header's account links: Find a booking and Sign in, or, once signed in, the guest's first
 * name, My bookings and Sign out.
 */
export function AccountNav() {
  const user = useGuestUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useT();

  const leave = () => {
    signOutGuest();
    navigate(paths.home.getHref());
    // Nothing of the account stays in memory for the next person on this device.
    queryClient.removeQueries({ queryKey: ['account'] });
  };

  return (
    <nav className="account-nav" aria-label={t('Account')}>
      {user ? (
        <>
          <span className="account-nav__name" data-testid="signed-in-as">
            <span className="visually-hidden">{t('Signed in as')} </span>
            {user.name.split(' ')[0]}
          </span>
          <Link className="account-nav__link" to={paths.account.getHref()}>
            {t('My bookings')}
          </Link>
          <button type="button" className="button button--ghost button--small" onClick={leave}>
            {t('Sign out')}
          </button>
        </>
      ) : (
        <>
          <Link className="account-nav__link" to={paths.findBooking.getHref()}>
            {t('Find a booking')}
          </Link>
          <Link className="account-nav__link" to={paths.accountSignIn.getHref()}>
            {t('Sign in')}
          </Link>
        </>
      )}
    </nav>
  );
}
