import { useId, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod/mini';
import { createStaffBookingSchema } from '@shared/booking-admin';
import { formatInr } from '@shared/money';
import { Dialog } from '@/components/dialog';
import { ApiError } from '@/lib/api-client';
import { isIsoDate } from '@shared/stay';
import { isLanguage, LANGUAGES, type Language } from '@shared/languages';
import { LOCALE_NAMES } from '@/i18n/locales';
import { PriceBreakdown } from '@/components/price-breakdown';
import type { StayQuoteRequest } from '@shared/quote';
import { useBookableCatalogue, useCreateStaffBooking, usePhoneQuote } from './bookings-api';

type Draft = {
  cottageType: string;
  checkIn: string;
  checkOut: string;
  adults: string;
  children: string;
  packageId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  specialRequests: string;
  /** The language of the guest's e-mails. */
  language: Language;
};

const empty: Draft = {
  cottageType: '',
  checkIn: '',
  checkOut: '',
  adults: '2',
  children: '0',
  packageId: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  specialRequests: '',
  language: 'en',
};

const requestOf = (draft: Draft) => ({
  cottageType: draft.cottageType,
  checkIn: draft.checkIn,
  checkOut: draft.checkOut,
  adults: Number(draft.adults),
  children: Number(draft.children || 0),
  packageId: draft.packageId,
  selectedSafaris: [],
  guestDetails: { firstName: draft.firstName, lastName: draft.lastName, email: draft.email, phone: draft.phone },
  ...(draft.specialRequests.trim() ? { specialRequests: draft.specialRequests } : {}),
  language: draft.language,
});

/** The stay to price once it is whole (villa, real dates in order, a party, a package); undefined before. */
function stayOf(draft: Draft): StayQuoteRequest | undefined {
  const adults = Number(draft.adults);
  const children = Number(draft.children || 0);
  const datesInOrder = isIsoDate(draft.checkIn) && isIsoDate(draft.checkOut) && draft.checkOut > draft.checkIn;
  if (!draft.cottageType || !draft.packageId || !datesInOrder || !(adults >= 1) || !(children >= 0)) return undefined;
  return {
    cottageType: draft.cottageType,
    checkIn: draft.checkIn,
    checkOut: draft.checkOut,
    adults,
    children,
    rooms: 1,
    packageId: draft.packageId,
    selectedSafaris: [],
  };
}

/** Server and form name a field the same way (`guestDetails.email`); a stay rule may name `guests`. */
const fieldOf: Record<string, keyof Draft> = {
  cottageType: 'cottageType',
  checkIn: 'checkIn',
  checkOut: 'checkOut',
  adults: 'adults',
  guests: 'adults',
  children: 'children',
  rooms: 'cottageType',
  packageId: 'packageId',
  'guestDetails.firstName': 'firstName',
  'guestDetails.lastName': 'lastName',
  'guestDetails.email': 'email',
  'guestDetails.phone': 'phone',
  specialRequests: 'specialRequests',
  language: 'language',
};

function toFieldErrors(details: Record<string, string[] | undefined>): Partial<Record<keyof Draft, string>> {
  const errors: Partial<Record<keyof Draft, string>> = {};
  for (const [path, messages] of Object.entries(details)) {
    const field = fieldOf[path];
    if (field && messages?.[0] && !errors[field]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * A booking taken on the phone: villa, dates, party, package and the guest's details, sent to the
 * same booking transaction as the guest's own (pay at property). The form's rules are the server's
 * (the shared schema); the server's own answers (sold out, package range) land under their field.
 */
export function PhoneBookingDialog({
  open,
  onClose,
  onCreated,
  initial,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (reference: string) => void;
  /** What the form starts with (the inventory calendar's free nights: villa type and dates). */
  initial?: Partial<Pick<Draft, 'cottageType' | 'checkIn' | 'checkOut'>> | undefined;
}) {
  // The calendar mounts a fresh form (a new key) for each free night it opens this for.
  const [draft, setDraft] = useState<Draft>(() => ({ ...empty, ...initial }));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [banner, setBanner] = useState<string>();
  const key = useRef(crypto.randomUUID());
  const create = useCreateStaffBooking();
  const { villas, packages } = useBookableCatalogue();
  const formId = useId();

  // What the guest will pay, from the server's own quote, before staff book it (the server checks the stay's rules too).
  const stay = stayOf(draft);
  const quote = usePhoneQuote(stay);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    // A field's message goes as soon as it is changed; the next check says what is still wrong.
    setErrors((current) => {
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBanner(undefined);
    const parsed = z.safeParse(createStaffBookingSchema, requestOf(draft));
    if (!parsed.success) {
      const byPath: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (byPath[issue.path.map(String).join('.')] ??= []).push(issue.message);
      setErrors(toFieldErrors(byPath));
      setBanner('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    create.mutate(
      { request: parsed.data, key: key.current },
      {
        onSuccess: (created) => {
          onCreated(created.bookingReference);
          key.current = crypto.randomUUID();
          setDraft(empty);
          onClose();
        },
        onError: (error) => {
          const details = error instanceof ApiError ? (error.details ?? {}) : {};
          setErrors(toFieldErrors(details));
          setBanner(error.message);
          // A refused request booked nothing: the next attempt is a new one.
          if (error instanceof ApiError && error.status < 500) key.current = crypto.randomUUID();
        },
      },
    );
  };

  const field = (name: keyof Draft, label: string, input: React.ReactNode, wide = false) => (
    <div className={wide ? 'admin-form__wide' : undefined}>
      <label htmlFor={`${formId}-${name}`}>{label}</label>
      {input}
      {errors[name] ? (
        <p className="field-error" id={`${formId}-${name}-error`}>
          {errors[name]}
        </p>
      ) : null}
    </div>
  );
  const a11y = (name: keyof Draft) => ({
    id: `${formId}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${formId}-${name}-error` : undefined,
  });

  return (
    <Dialog
      open={open}
      title="New phone booking"
      onClose={onClose}
      description="Pay at property. The booking waits for a manager's confirmation."
      className="phone-booking-dialog"
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        {banner ? (
          <p className="form-banner admin-form__wide" role="alert">
            {banner}
          </p>
        ) : null}
        {field(
          'cottageType',
          'Villa',
          <select {...a11y('cottageType')} value={draft.cottageType} onChange={set('cottageType')} data-autofocus>
            <option value="">Choose a villa</option>
            {(villas.data ?? []).map((villa) => (
              <option key={villa.id} value={villa.id}>
                {villa.name}
              </option>
            ))}
          </select>,
        )}
        {field(
          'packageId',
          'Package',
          <select {...a11y('packageId')} value={draft.packageId} onChange={set('packageId')}>
            <option value="">Choose a package</option>
            {(packages.data ?? []).map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>,
        )}
        {field('checkIn', 'Check-in', <input type="date" {...a11y('checkIn')} value={draft.checkIn} onChange={set('checkIn')} />)}
        {field('checkOut', 'Check-out', <input type="date" {...a11y('checkOut')} value={draft.checkOut} onChange={set('checkOut')} />)}
        {field('adults', 'Adults', <input type="number" min={1} max={8} {...a11y('adults')} value={draft.adults} onChange={set('adults')} />)}
        {field('children', 'Children', <input type="number" min={0} max={6} {...a11y('children')} value={draft.children} onChange={set('children')} />)}
        {field('firstName', 'First name', <input {...a11y('firstName')} value={draft.firstName} onChange={set('firstName')} autoComplete="off" />)}
        {field('lastName', 'Last name', <input {...a11y('lastName')} value={draft.lastName} onChange={set('lastName')} autoComplete="off" />)}
        {field('email', 'Email', <input type="email" {...a11y('email')} value={draft.email} onChange={set('email')} autoComplete="off" />)}
        {field('phone', 'Phone', <input type="tel" {...a11y('phone')} value={draft.phone} onChange={set('phone')} autoComplete="off" />)}
        {field(
          'language',
          "Guest's e-mails in",
          <select {...a11y('language')} value={draft.language} onChange={(event) => isLanguage(event.target.value) && set('language')(event)}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LOCALE_NAMES[language]}
              </option>
            ))}
          </select>,
        )}
        {field(
          'specialRequests',
          'Special requests',
          <textarea {...a11y('specialRequests')} value={draft.specialRequests} onChange={set('specialRequests')} />,
          true,
        )}
        <div className="admin-form__wide phone-booking__quote" aria-live="polite" data-testid="phone-quote">
          {!stay ? (
            <p className="muted">The price shows here once the villa, dates, party and package are chosen.</p>
          ) : quote.isPending ? (
            <p className="muted">Pricing the stay...</p>
          ) : quote.isError ? (
            <p className="field-error">{quote.error.message}</p>
          ) : (
            <PriceBreakdown lines={quote.data.lines} total={quote.data.total} />
          )}
        </div>
        <div className="form-actions admin-form__wide">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={create.isPending} aria-busy={create.isPending}>
            {create.isPending ? 'Booking...' : 'Book for the guest'}
          </button>
        </div>
        {create.data ? <p className="muted">Last booked: {formatInr(create.data.booking.total_amount)}</p> : null}
      </form>
    </Dialog>
  );
}
