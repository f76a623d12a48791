import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestPage } from '@/components/guest-page';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { useGuestUser } from '@/lib/guest-session';
import { useT } from '@/i18n/i18n';
import '@/i18n/english/account';
import { Trans } from '@/i18n/trans';
import { signIn, useSignIn } from '../api/sign-in';
import { useFormState } from '../hooks/use-form-state';
import { signInProblems, type SignInForm } from './account-forms';
import { FormFailure } from './form-failure';
import { returnPath } from './return-path';

/** `/account/sign-in`: e-mail and password (POST /api/auth?action=login). */
export default function SignInPage() {
  const user = useGuestUser();
  const location = useLocation();
  const navigate = useNavigate();
  const form = useFormState<SignInForm>('sign-in', { email: '', password: '' }, ['email', 'password']);
  const mutation = useSignIn(signIn);
  const t = useT();

  if (user && !mutation.isSuccess) return <Navigate to={returnPath(location.state)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.check(signInProblems(form.values))) return;
    mutation.mutate(
      { email: form.values.email.trim(), password: form.values.password },
      { onSuccess: () => navigate(returnPath(location.state), { replace: true }), onError: form.refuse },
    );
  };

  return (
    <GuestPage narrow title={t('Sign in')} intro={t('See your bookings, cancel one, and book faster with your details filled in.')}>
      <form className="panel guest-form" onSubmit={submit} noValidate aria-busy={mutation.isPending}>
        <FormFailure id="sign-in-failure" message={form.failure} />
        <TextField
          id="sign-in-email"
          label={t('Email')}
          type="email"
          value={form.values.email}
          onChange={(value) => form.change('email', value)}
          error={form.problems.email}
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
        />
        <TextField
          id="sign-in-password"
          label={t('Password')}
          type="password"
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          error={form.problems.password}
          autoComplete="current-password"
        />
        <SubmitButton busy={mutation.isPending} label={t('Sign in')} busyLabel={t('Signing in...')} />
      </form>
      <p className="guest-page__aside">
        <Trans
          id="New here? <0>Create an account</0>. Booked without one? <1>Find your booking</1> with its reference."
          components={{ 0: <Link to={paths.accountRegister.getHref()} state={location.state} />, 1: <Link to={paths.findBooking.getHref()} /> }}
        />
      </p>
    </GuestPage>
  );
}
