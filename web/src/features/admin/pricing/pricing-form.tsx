import { useId } from 'react';
import * as v from 'valibot';
import {
  createPricingRuleSchema,
  pricingCurrencies,
  pricingSeasons,
  pricingStatuses,
  ruleProblems,
  serviceTypes,
  type CreatePricingRule,
} from '@shared/admin-pricing';
import { villaTypes } from '@shared/catalog';
import type { PricingRule } from '@shared/pricing-rule-schema';
import { choiceOf, useCatalogueForm } from '../components/catalogue-form';

/** What the form holds: text as typed (numbers too), so nothing typed is lost to a failed parse. */
export type PricingFormValues = Record<
  | 'service_name'
  | 'service_type'
  | 'applies_to'
  | 'base_price'
  | 'currency'
  | 'season'
  | 'discount_percentage'
  | 'valid_from'
  | 'valid_until'
  | 'min_stay'
  | 'max_stay'
  | 'description'
  | 'status',
  string
>;

/** The spec's defaults: currency INR, season all-year; no discount, stays of 1 to 30 nights, active. */
export const emptyPricingForm: PricingFormValues = {
  service_name: '',
  service_type: 'cottage',
  applies_to: '',
  base_price: '',
  currency: 'INR',
  season: 'all-year',
  discount_percentage: '0',
  valid_from: '',
  valid_until: '',
  min_stay: '1',
  max_stay: '30',
  description: '',
  status: 'active',
};

export const formOfRule = (rule: PricingRule): PricingFormValues => ({
  service_name: rule.service_name,
  service_type: rule.service_type,
  applies_to: rule.applies_to ?? '',
  base_price: rule.base_price === undefined ? '' : String(rule.base_price),
  currency: rule.currency,
  season: rule.season,
  discount_percentage: String(rule.discount_percentage),
  valid_from: rule.valid_from,
  valid_until: rule.valid_until,
  min_stay: String(rule.min_stay),
  max_stay: String(rule.max_stay),
  description: rule.description,
  status: rule.status,
});

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The form's values checked with the server's own rules: the body to send, or each field's messages. */
export function checkPricingForm(values: PricingFormValues): { ok: true; body: CreatePricingRule } | { ok: false; errors: Record<string, string[]> } {
  const input = {
    ...values,
    base_price: numberOrUndefined(values.base_price),
    discount_percentage: numberOrUndefined(values.discount_percentage),
    min_stay: numberOrUndefined(values.min_stay),
    max_stay: numberOrUndefined(values.max_stay),
  };
  const result = v.safeParse(createPricingRuleSchema, input);
  const errors: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issue.path?.map((item) => String(item.key)).join('.') ?? '_';
      (errors[key] ??= []).push(issue.message);
    }
  }
  for (const [field, messages] of Object.entries(ruleProblems(input as Partial<PricingRule>))) if (!errors[field]) errors[field] = messages;
  if (!result.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: result.output };
}

/** The Add / Edit pricing form: each field's error under it, what was typed kept, the server's messages as well. */
export function PricingForm({
  editing,
  initial,
  busy,
  serverErrors,
  banner,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  initial: PricingFormValues;
  busy: boolean;
  serverErrors?: Record<string, string[]> | undefined;
  banner?: string | undefined;
  onSubmit: (body: CreatePricingRule) => void;
  onCancel: () => void;
}) {
  const { field, submitWith } = useCatalogueForm<keyof PricingFormValues>(initial, serverErrors);
  const submit = submitWith(checkPricingForm, onSubmit);
  const targets = useId();

  return (
    <form className="admin-panel" onSubmit={submit} noValidate aria-labelledby={`${targets}-title`}>
      <h3 id={`${targets}-title`}>{editing ? 'Edit Pricing' : 'Add New Pricing'}</h3>
      {banner ? (
        <p role="alert" className="form-banner">
          {banner}
        </p>
      ) : null}
      <div className="admin-form">
        {field('service_name', 'Service name *', (props) => (
          <input {...props} type="text" maxLength={120} required />
        ))}
        {field('service_type', 'Service type', choiceOf(serviceTypes))}
        {field(
          'applies_to',
          'Applies to',
          (props) => (
            <input {...props} type="text" list={targets} maxLength={64} />
          ),
          {
            hint: 'A villa type, cottage, package or safari id. Empty: every service of this type.',
          },
        )}
        <datalist id={targets}>
          {villaTypes.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        {field('base_price', 'Base price *', (props) => (
          <input {...props} type="number" inputMode="decimal" min={0} step="any" required />
        ))}
        {field(
          'currency',
          'Currency',
          choiceOf(pricingCurrencies, (option) => option),
        )}
        {field('season', 'Season', choiceOf(pricingSeasons))}
        {field('discount_percentage', 'Discount (%)', (props) => (
          <input {...props} type="number" inputMode="decimal" min={0} max={100} step="any" />
        ))}
        {field('valid_from', 'Valid from *', (props) => (
          <input {...props} type="date" required />
        ))}
        {field('valid_until', 'Valid until *', (props) => (
          <input {...props} type="date" required />
        ))}
        {field('min_stay', 'Minimum stay (days)', (props) => (
          <input {...props} type="number" inputMode="numeric" min={1} step={1} />
        ))}
        {field('max_stay', 'Maximum stay (days)', (props) => (
          <input {...props} type="number" inputMode="numeric" min={1} step={1} />
        ))}
        {field('status', 'Status', choiceOf(pricingStatuses))}
        {field(
          'description',
          'Description *',
          (props) => (
            <textarea {...props} maxLength={500} required />
          ),
          { wide: true },
        )}
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving...' : editing ? 'Update Pricing' : 'Create Pricing'}
          </button>
        </div>
      </div>
    </form>
  );
}
