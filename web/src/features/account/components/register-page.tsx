import type { FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestPage } from '@/components/guest-page';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { useGuestUser } from '@/lib/guest-session';
import { register, useSignIn } from '../api/sign-in';
import { useFormState } from '../hooks/use-form-state';
import { MIN_PASSWORD_LENGTH, registerProblems, type RegisterForm } from './account-forms';
import { FormFailure } from './form-failure';
import { returnPath } from './return-path';

/** `/account/register`: name, e-mail, phone (optional) and a password (POST /api/auth?action=register); signed in at once. */
export default function RegisterPage() {
  const user = useGuestUser();
  const location = useLocation();
  const navigate = useNavigate();
  const form = useFormState<RegisterForm>('register', { name: '', email: '', phone: '', password: '' }, ['name', 'email', 'phone', 'password']);
  const mutation = useSignIn(register);

  if (user && !mutation.isSuccess) return <Navigate to={returnPath(location.state)} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending || !form.check(registerProblems(form.values))) return;
    const { name, email, phone, password } = form.values;
    mutation.mutate(
      { name: name.trim(), email: email.trim(), password, ...(phone.trim() ? { phone: phone.trim() } : {}) },
      { onSuccess: () => navigate(returnPath(location.state), { replace: true }), onError: form.refuse },
    );
  };

  return (
    <GuestPage narrow title="Create an account" intro="Keep your bookings in one place and skip typing your details next time.">
      <form className="panel guest-form" onSubmit={submit} noValidate aria-busy={mutation.isPending}>
        <FormFailure id="register-failure" message={form.failure} />
        <TextField
          id="register-name"
          label="Full name"
          value={form.values.name}
          onChange={(value) => form.change('name', value)}
          error={form.problems.name}
          autoComplete="name"
        />
        <TextField
          id="register-email"
          label="Email"
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
          label="Phone number"
          type="tel"
          hint="10 digits, for the front desk to reach you"
          value={form.values.phone}
          onChange={(value) => form.change('phone', value)}
          error={form.problems.phone}
          autoComplete="tel-national"
          inputMode="tel"
          optional
        />
        <TextField
          id="register-password"
          label="Password"
          type="password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
          value={form.values.password}
          onChange={(value) => form.change('password', value)}
          error={form.problems.password}
          autoComplete="new-password"
        />
        <SubmitButton busy={mutation.isPending} label="Create account" busyLabel="Creating your account..." />
      </form>
      <p className="guest-page__aside">
        Already have an account?{' '}
        <Link to={paths.accountSignIn.getHref()} state={location.state}>
          Sign in
        </Link>
      </p>
    </GuestPage>
  );
}
