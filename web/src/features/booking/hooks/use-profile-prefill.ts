import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getProfileQueryOptions, type Profile } from '@/lib/guest-profile';
import { useGuestUser } from '@/lib/guest-session';
import type { GuestForm } from '../model/draft';
import { useWizard } from './wizard-context';

type Prefilled = Pick<GuestForm, 'firstName' | 'lastName' | 'email' | 'phone'>;

/** The guest form with the profile's name, e-mail and phone in those fields the guest has left empty; the same object if none. */
export function prefillGuest(guest: GuestForm, profile: Profile): GuestForm {
  const [firstName = '', ...rest] = profile.name.trim().split(/\s+/);
  const fromProfile: Prefilled = { firstName, lastName: rest.join(' '), email: profile.email, phone: profile.phone ?? '' };
  const fills = (Object.keys(fromProfile) as Array<keyof Prefilled>).filter((field) => fromProfile[field] && !guest[field].trim());
  if (fills.length === 0) return guest;
  return { ...guest, ...Object.fromEntries(fills.map((field) => [field, fromProfile[field]])) };
}

/** Step 4 for a signed-in guest: the primary guest's empty fields filled from their profile, once it loads. */
export function useProfilePrefill(): void {
  const user = useGuestUser();
  const { update } = useWizard();
  const { data: profile } = useQuery({ ...getProfileQueryOptions(user?.id ?? ''), enabled: user !== undefined });
  useEffect(() => {
    if (!profile) return;
    update((draft) => {
      const guest = prefillGuest(draft.guest, profile);
      return guest === draft.guest ? draft : { ...draft, guest };
    });
  }, [profile, update]);
}
