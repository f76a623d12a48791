import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GuestPage } from '@/components/guest-page';
import { SubmitButton } from '@/components/submit-button';
import { TextField } from '@/components/text-field';
import { getProfileQueryOptions, type Profile } from '@/lib/guest-profile';
import type { GuestUser } from '@/lib/guest-session';
import { useUpdateProfile } from '../api/update-profile';
import { useFormState } from '../hooks/use-form-state';
import { profileProblems, type ProfileForm } from './account-forms';
import { FormFailure } from './form-failure';
import { RequireGuest } from './require-guest';
import { localizeMessage, useT } from '@/i18n/i18n';
import '@/i18n/english/account';

function Saved() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const t = useT();
  return (
    <div className="banner banner--success" role="status" tabIndex={-1} ref={ref}>
      <p>{t('Your profile is saved.')}</p>
    </div>
  );
}

function EditProfile({ user, profile }: { user: GuestUser; profile: Profile }) {
  const form = useFormState<ProfileForm>('profile', { name: profile.name, phone: profile.phone ?? '' }, ['name', 'phone']);
  const mutation = useUpdateProfile(user.id);
  const t = useT();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.reset();
    if (!form.check(profileProblems(form.values))) return;
    const { name, phone } = form.values;
    mutation.mutate({ name: name.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}) }, { onError: form.refuse });
  };

  return (
    <form className="panel guest-form" onSubmit={submit} noValidate aria-busy={mutation.isPending}>
      {mutation.isSuccess && <Saved />}
      <FormFailure id="profile-failure" message={form.failure} />
      <TextField
        id="profile-name"
        label={t('Full name')}
        value={form.values.name}
        onChange={(value) => form.change('name', value)}
        error={form.problems.name}
        autoComplete="name"
      />
      <div className="field">
        <span className="field__label">{t('Email')}</span>
        <p className="field__static">
          {profile.email} <span className="muted">{t('(your sign-in; it cannot be changed here)')}</span>
        </p>
      </div>
      <TextField
        id="profile-phone"
        label={t('Phone number')}
        type="tel"
        hint={t('10 digits')}
        value={form.values.phone}
        onChange={(value) => form.change('phone', value)}
        error={form.problems.phone}
        autoComplete="tel-national"
        inputMode="tel"
        optional
      />
      <SubmitButton busy={mutation.isPending} label={t('Save profile')} busyLabel={t('Saving...')} />
    </form>
  );
}

function ProfileScreen({ user }: { user: GuestUser }) {
  const profile = useQuery(getProfileQueryOptions(user.id));
  const t = useT();
  return (
    <GuestPage narrow title={t('Your profile')} intro={t('Your name and phone fill in the booking form for you.')}>
      <p className="guest-page__links">
        <Link to={paths.account.getHref()}>{t('Back to my bookings')}</Link>
      </p>
      {profile.isPending ? (
        <div className="panel" role="status" aria-live="polite">
          <span className="visually-hidden">{t('Loading your profile...')}</span>
          <div className="skeleton skeleton--form" />
        </div>
      ) : profile.isError ? (
        <div className="banner banner--error" role="alert">
          <p>{localizeMessage(profile.error.message)}</p>
          <p className="banner__actions">
            <button type="button" className="button button--small button--secondary" onClick={() => void profile.refetch()}>
              {t('Retry')}
            </button>
          </p>
        </div>
      ) : (
        <EditProfile user={user} profile={profile.data} />
      )}
    </GuestPage>
  );
}

/** `/account/profile`: GET and PUT /api/auth/profile. */
export default function ProfilePage() {
  return <RequireGuest>{(user) => <ProfileScreen user={user} />}</RequireGuest>;
}
