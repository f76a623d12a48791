import { CHECK_IN_TIME, CHECK_OUT_TIME } from '@shared/stay-times';
import { localizeMessage, type MessageId, useT } from '@/i18n/i18n';
import '@/i18n/english/booking';
import { countryCodes, guestPrefixes, type GuestForm } from '../model/draft';
import type { GuestProblems } from '../model/guest-problems';

type TextField = 'firstName' | 'lastName' | 'email' | 'phone';

/**
 * Step 4's "Primary guest" fieldset: who is coming, how to reach them, and the consents. Locked
 * (`disabled`) once a booking holds these details and waits for payment.
 */
export function GuestDetailsForm({
  guest,
  problems,
  disabled,
  onChange,
}: {
  guest: GuestForm;
  problems: GuestProblems;
  disabled: boolean;
  onChange: (change: Partial<GuestForm>) => void;
}) {
  const t = useT();
  const input = (field: TextField, label: MessageId, props: { type?: string; autoComplete: string; inputMode?: 'tel' | 'email' }) => (
    <div className={`field${problems[field] ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={field}>
        {t(label)} <span aria-hidden="true">*</span>
      </label>
      <input
        id={field}
        value={guest[field]}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required
        aria-invalid={Boolean(problems[field]) || undefined}
        aria-describedby={problems[field] ? `${field}-error` : undefined}
        onChange={(event) => onChange({ [field]: event.target.value })}
      />
      {problems[field] && (
        <p className="field__error" id={`${field}-error`}>
          {localizeMessage(problems[field])}
        </p>
      )}
    </div>
  );

  return (
    <fieldset className="panel" disabled={disabled}>
      <legend className="panel__title">{t('Primary guest')}</legend>
      <div className="form-grid">
        <div className="field field--narrow">
          <label className="field__label" htmlFor="prefix">
            {t('Title')} <span className="muted">{t('(optional)')}</span>
          </label>
          <select
            id="prefix"
            value={guest.prefix}
            autoComplete="honorific-prefix"
            onChange={(event) => onChange({ prefix: event.target.value as GuestForm['prefix'] })}
          >
            <option value="">{t('None')}</option>
            {guestPrefixes.map((prefix) => (
              <option key={prefix}>{prefix}</option>
            ))}
          </select>
        </div>
        {input('firstName', 'First name', { autoComplete: 'given-name' })}
        {input('lastName', 'Last name', { autoComplete: 'family-name' })}
        {input('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        <div className="phone-row">
          <div className="field field--narrow">
            <label className="field__label" htmlFor="countryCode">
              {t('Country code')}
            </label>
            <select
              id="countryCode"
              value={guest.countryCode}
              autoComplete="tel-country-code"
              onChange={(event) => onChange({ countryCode: event.target.value as GuestForm['countryCode'] })}
            >
              {countryCodes.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </select>
          </div>
          {input('phone', 'Phone number', { type: 'tel', autoComplete: 'tel-national', inputMode: 'tel' })}
        </div>
        <div className={`field field--wide${problems.address ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="address">
            {t('Address')} <span className="muted">{t('(optional)')}</span>
          </label>
          <textarea id="address" rows={2} value={guest.address} autoComplete="street-address" onChange={(event) => onChange({ address: event.target.value })} />
          {problems.address && <p className="field__error">{localizeMessage(problems.address)}</p>}
        </div>
        <div className="field field--wide">
          <label className="field__label" htmlFor="specialRequests">
            {t('Special requests')} <span className="muted">{t('(optional)')}</span>
          </label>
          <textarea id="specialRequests" rows={2} value={guest.specialRequests} onChange={(event) => onChange({ specialRequests: event.target.value })} />
        </div>
      </div>
      <div className="consents">
        <label className="check">
          <input type="checkbox" checked={guest.promotionalUpdates} onChange={(event) => onChange({ promotionalUpdates: event.target.checked })} />
          <span>{t('Send me offers and news from the resort')}</span>
        </label>
        <label className={`check${problems.acceptTerms ? ' check--invalid' : ''}`}>
          <input
            type="checkbox"
            id="acceptTerms"
            checked={guest.acceptTerms}
            aria-invalid={Boolean(problems.acceptTerms) || undefined}
            onChange={(event) => onChange({ acceptTerms: event.target.checked })}
          />
          <span>
            {t('I accept the terms and conditions. Free cancellation up to 48 hours before check-in; check-in from {checkIn}, check-out by {checkOut}.', {
              checkIn: CHECK_IN_TIME,
              checkOut: CHECK_OUT_TIME,
            })}
          </span>
        </label>
      </div>
    </fieldset>
  );
}
