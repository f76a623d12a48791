import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestPage } from '@/components/guest-page';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { localizeMessage, t, useT } from '@/i18n/i18n';
import '@/i18n/english/manage';
import { Trans } from '@/i18n/trans';
import { getBookingByReferenceQueryOptions } from '../api/get-booking-by-reference';
import { lookupProblems, normaliseReference, type LookupForm, type LookupProblems } from './lookup-form';

const fieldOrder = ['reference', 'email'] as const;

/** What went wrong with a lookup, in the server's words; a 429 says how long to wait. */
function failureMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return t('The booking could not be loaded. Please check your connection and try again.');
  const message = localizeMessage(error.message);
  if (error.status === 429 && error.retryAfterSeconds)
    return `${message} ${t('(you can try again in {seconds, plural, one {# second} other {# seconds}})', { seconds: error.retryAfterSeconds })}`;
  return message;
}

/** `/booking`: find a booking by its reference and the e-mail it was made with, then manage it. */
export default function FindBookingPage() {
  const [params] = useSearchParams();
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LookupForm>({ reference: params.get('reference') ?? '', email: '' });
  const [problems, setProblems] = useState<LookupProblems>({});
  // The refusal as it came, worded at each render: in the language the guest reads now.
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [busy, setBusy] = useState(false);
  const [waitUntil, setWaitUntil] = useState(0);
  const failureRef = useRef<HTMLDivElement>(null);
  // Each refused attempt moves focus to the first problem, once it is on screen.
  const [focusRequest, setFocusRequest] = useState<{ target: 'failure' | keyof LookupForm } | undefined>();
  useEffect(() => {
    if (!focusRequest) return;
    if (focusRequest.target === 'failure') failureRef.current?.focus();
    else document.getElementById(`lookup-${focusRequest.target}`)?.focus();
  }, [focusRequest]);

  // After a 429 the button waits as long as the server asked.
  useEffect(() => {
    if (!waitUntil) return;
    const timer = window.setTimeout(() => setWaitUntil(0), Math.max(0, waitUntil - Date.now()));
    return () => window.clearTimeout(timer);
  }, [waitUntil]);

  const change = (field: keyof LookupForm, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = lookupProblems(form);
    setProblems(found);
    setFailure(undefined);
    const first = fieldOrder.find((field) => found[field]);
    if (first) {
      setFocusRequest({ target: first });
      return;
    }
    const reference = normaliseReference(form.reference);
    const email = form.email.trim();
    setBusy(true);
    try {
      await queryClient.fetchQuery(getBookingByReferenceQueryOptions(reference, { email }));
      // The e-mail travels in the history entry's state, not in the address bar (or its logs).
      navigate(paths.manageBooking.getHref(reference), { state: { email } });
    } catch (error) {
      setFailure({ error });
      if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds) setWaitUntil(Date.now() + error.retryAfterSeconds * 1000);
      setFocusRequest({ target: 'failure' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <GuestPage narrow title={t('Find your booking')} intro={t('See your stay, and cancel it if your plans change.')}>
      <form className="panel guest-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        {failure && (
          <div className="banner banner--error" role="alert" tabIndex={-1} ref={failureRef} data-testid="lookup-failure">
            <p>{failureMessage(failure.error)}</p>
          </div>
        )}
        <TextField
          id="lookup-reference"
          label={t('Booking reference')}
          hint={t('As in your confirmation e-mail, for example VMLX2K9QF3A1B2C3')}
          value={form.reference}
          onChange={(value) => change('reference', value)}
          error={problems.reference && localizeMessage(problems.reference)}
          autoComplete="off"
          autoCapitalize="characters"
        />
        <TextField
          id="lookup-email"
          label={t('Email')}
          hint={t('The address you booked with')}
          type="email"
          value={form.email}
          onChange={(value) => change('email', value)}
          error={problems.email && localizeMessage(problems.email)}
          autoComplete="email"
          inputMode="email"
        />
        <SubmitButton busy={busy} disabled={waitUntil > 0} label={t('Find my booking')} busyLabel={t('Finding your booking...')} />
      </form>
      <p className="guest-page__aside">
        <Trans id="Have an account? <0>Sign in</0> to see all your bookings." components={{ 0: <Link to={paths.accountSignIn.getHref()} /> }} />
      </p>
    </GuestPage>
  );
}
