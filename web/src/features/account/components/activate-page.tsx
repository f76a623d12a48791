import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestPage } from '@/components/guest-page';
import { ApiError } from '@/lib/api-client';
import { localizeMessage, t, useT } from '@/i18n/i18n';
import '@/i18n/english/account';
import { activateAccount, useSignIn } from '../api/sign-in';

/** Focuses the answer once it is shown, so a screen reader reads it and the keyboard starts there. */
function useFocusOnShow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

function Activated({ name }: { name: string }) {
  const ref = useFocusOnShow<HTMLDivElement>();
  const t = useT();
  return (
    <div className="panel guest-form" data-testid="activated">
      <div className="banner banner--success" role="status" tabIndex={-1} ref={ref}>
        <p>{t('Your account is active, {name}. You are signed in.', { name })}</p>
      </div>
      <a className="button button--primary" href={paths.home.getHref()}>
        {t('Book a stay')}
      </a>
      <Link className="button button--secondary" to={paths.account.getHref()}>
        {t('Go to my bookings')}
      </Link>
    </div>
  );
}

function NotActivated({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const ref = useFocusOnShow<HTMLDivElement>();
  const t = useT();
  return (
    <div className="panel guest-form" data-testid="activation-failure">
      <div className="banner banner--error" role="alert" tabIndex={-1} ref={ref}>
        <p>{localizeMessage(message)}</p>
      </div>
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('Try again')}
        </button>
      )}
      <Link className={`button ${onRetry ? 'button--secondary' : 'button--primary'}`} to={paths.accountRegister.getHref()}>
        {t('Get a new link')}
      </Link>
      <Link className="button button--secondary" to={paths.accountSignIn.getHref()}>
        {t('Sign in')}
      </Link>
    </div>
  );
}

/**
 * `/account/activate?token=...`: the link e-mailed at sign-up. Activates the account
 * (POST /api/auth/activate, once) and signs the guest in; a link that expired or was used says so,
 * with the way to a new one (registering again with the same e-mail sends it).
 */
export default function ActivatePage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const activation = useSignIn(activateAccount);
  useT();
  const { mutate } = activation;
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit: the link works once, and a second request would only be told it was used.
    if (!token || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, mutate]);

  // The server's refusal (expired, used, not valid) says what to do; a request that never got an answer may be tried again.
  const refused = activation.error instanceof ApiError;
  const failure = !token
    ? t('This activation link is incomplete. Open the link from the e-mail again, or register again with the same e-mail for a new one.')
    : activation.isError
      ? refused
        ? activation.error.message
        : t('Your account could not be activated. Please check your connection and try again.')
      : undefined;

  return (
    <GuestPage narrow title={activation.isSuccess ? t('Account activated') : t('Activate your account')}>
      {activation.isSuccess ? (
        <Activated name={activation.data.user.name} />
      ) : failure ? (
        <NotActivated message={failure} {...(token && activation.isError && !refused ? { onRetry: () => mutate({ token }) } : {})} />
      ) : (
        <div className="panel" role="status" aria-live="polite">
          <span className="spinner spinner--small" aria-hidden="true" /> {t('Activating your account...')}
        </div>
      )}
    </GuestPage>
  );
}
