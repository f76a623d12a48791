import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestPage } from '@/components/guest-page';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { useGuestUser } from '@/lib/guest-session';
import { localizeMessage, useT } from '@/i18n/i18n';
import '@/i18n/english/account';
import { Trans } from '@/i18n/trans';
import { register } from '../api/sign-in';
import { useFormState } from '../hooks/use-form-state';
import { MIN_PASSWORD_LENGTH, registerProblems, type RegisterForm } from './account-forms';
import { FormFailure } from './form-failure';
import { returnPath } from './return-path';

/** The answer to a sign-up: the same for every address, so it says what to do next, not whether an account exists. */
function CheckYourEmail({ message, email, onChange }: { message: string; email: string; onChange: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const t = useT();
  return (
    <GuestPage narrow title={t('Check your e-mail')} intro={t('One more step: open the link we e-mailed you to activate your account.')}>
      <div className="panel guest-form" data-testid="register-sent">
        <div className="banner banner--success" role="status" tabIndex={-1} ref={ref}>
          <p>{localizeMessage(message)}</p>
        </div>
        <p className="field__static">
          <Trans
            id="We sent it to <0>{email}</0>. It can take a few minutes to arrive; if it does not, look in your spam folder."
            values={{ email }}
            components={{ 0: <strong /> }}
          />
        </p>
        <button type="button" className="button button--secondary" onClick={onChange}>
          {t('Wrong address? Change it or send again')}
        </button>
      </div>
      <p className="guest-page__aside">
        <Trans id="Activated already? <0>Sign in</0>" components={{ 0: <Link to={paths.accountSignIn.getHref()} /> }} />
      </p>
    </GuestPage>
  );
}

/**
 * `/account/register`: name, e-mail, phone (optional) and a password (POST /api/auth?action=register).
 * The account is activated from the link e-mailed to the address (`/account/activate`), so the
 * answer is 'check your e-mail', never a sign-in.
 */
export default function RegisterPage() {
  const user = useGuestUser();
  const location = useLocation();
  const form = useFormState<RegisterForm>('register', { name: '', email: '', phone: '', password: '' }, ['name', 'email', 'phone', 'password']);
  const mutation = useMutation({ mutationFn: register });
  const t = useT();

  if (user && !mutation.isSuccess) return <Navigate to={returnPath(location.state)} replace />;
  if (mutation.isSuccess) return <CheckYourEmail message={mutation.data.message} email={mutation.variables.email} onChange={() => mutation.reset()} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.check(registerProblems(form.values))) return;
    const { name, email, phone, password } = form.values;
    mutation.mutate({ name: name.trim(), email: email.trim(), password, ...(phone.trim() ? { phone: phone.trim() } : {}) }, { onError: form.refuse });
  };

  return (
    <GuestPage narrow title={t('Create an account')} intro={t('Keep your bookings in one place and skip typing your details next time.')}>
      <form className="panel guest-form" onSubmit={submit} noValidate aria-busy={mutation.isPending}>
        <FormFailure id="register-failure" message={form.failure} />
        <TextField
          id="register-name"
          label={t('Full name')}
          value={form.values.name}
          onChange={(value) => form.change('name', value)}
          error={form.problems.name}
          autoComplete="name"
        />
        <TextField
          id="register-email"
          label={t('Email')}
          type="email"
          value={form.values.email}
          onChange={(value) => form.change('email', value)}
          error={form.problems.email}
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
        />
        <TextField
          id="register-phone"
          label={t('Phone number')}
          type="tel"
          hint={t('10 digits, for the front desk to reach you')}
          value={form.values.phone}
          onChange={(value) => form.change('phone', value)}
          error={form.problems.phone}
          autoComplete="tel-national"
          inputMode="tel"
          optional
        />
        <TextField
          id="register-password"
          label={t('Password')}
          type="password"
          hint={t('At least {count} characters', { count: MIN_PASSWORD_LENGTH })}
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          error={form.problems.password}
          autoComplete="new-password"
        />
        <SubmitButton busy={mutation.isPending} label={t('Create account')} busyLabel={t('Creating your account...')} />
      </form>
      <p className="guest-page__aside">
        <Trans id="Already have an account? <0>Sign in</0>" components={{ 0: <Link to={paths.accountSignIn.getHref()} state={location.state} /> }} />
      </p>
    </GuestPage>
  );
}
