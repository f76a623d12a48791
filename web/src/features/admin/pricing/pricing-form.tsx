import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { z } from 'zod/mini';
import {
  createPricingRuleSchema,
  pricingCurrencies,
  pricingSeasons,
  pricingStatuses,
  ruleProblems,
  serviceTypes,
  targetedServiceTypes,
  type CreatePricingRule,
} from '@shared/admin-pricing';
import type { PricingRule } from '@shared/pricing-rule-schema';
import { choiceOf, titleCase, useCatalogueForm } from '../components/catalogue-form';
import { cottagesApi } from '../cottages/cottages-api';
import { villaTypesApi } from '../villa-types/villa-types-api';
import { packagesApi } from '../packages/packages-api';
import { safarisApi } from '../safaris/safaris-api';

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

/** The defaults (docs/product.md#pricing-rules): currency INR, season all-year; no discount, stays of 1 to 30 nights, active. */
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
  const result = z.safeParse(createPricingRuleSchema, input);
  const errors: Record<string, string[]> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.map(String).join('.') : '_';
      (errors[key] ??= []).push(issue.message);
    }
  }
  for (const [field, messages] of Object.entries(ruleProblems(input as Partial<PricingRule>))) if (!errors[field]) errors[field] = messages;
  if (!result.success || Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, body: result.data };
}

type Target = { value: string; label: string };

/**
 * What a rule of each service type can name, from the catalogue (the portal's own lists): a villa
 * type or one cottage, a package, a safari, as the quote matches them. Activity and meal rules name
 * nothing. Only what this service type needs is fetched.
 */
function useTargets(serviceType: string): { choices: Target[]; loaded: boolean } {
  const cottages = useQuery({ queryKey: cottagesApi.keys.all, queryFn: ({ signal }) => cottagesApi.list({ signal }), enabled: serviceType === 'cottage' });
  const types = useQuery({ queryKey: villaTypesApi.keys.all, queryFn: ({ signal }) => villaTypesApi.list({ signal }), enabled: serviceType === 'cottage' });
  const packages = useQuery({ queryKey: packagesApi.keys.all, queryFn: ({ signal }) => packagesApi.list({ signal }), enabled: serviceType === 'package' });
  const safaris = useQuery({ queryKey: safarisApi.keys.all, queryFn: ({ signal }) => safarisApi.list({ signal }), enabled: serviceType === 'safari' });
  switch (serviceType) {
    case 'cottage':
      return {
        choices: [
          ...(types.data ?? []).map((type) => ({ value: type.id, label: `${type.name} (every unit)` })),
          ...(cottages.data ?? []).map((cottage) => ({ value: cottage.id, label: `${cottage.name} (one unit)` })),
        ],
        loaded: cottages.isSuccess && types.isSuccess,
      };
    case 'package':
      return { choices: (packages.data ?? []).map((stayPackage) => ({ value: stayPackage.id, label: stayPackage.name })), loaded: packages.isSuccess };
    case 'safari':
      return { choices: (safaris.data ?? []).map((safari) => ({ value: safari.id, label: safari.name })), loaded: safaris.isSuccess };
    default:
      return { choices: [], loaded: true };
  }
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
  const { field, submitWith, values, setValue } = useCatalogueForm<keyof PricingFormValues>(initial, serverErrors);
  const submit = submitWith(checkPricingForm, onSubmit);
  const targets = useId();
  const { choices, loaded } = useTargets(values.service_type);
  const named = (targetedServiceTypes as readonly string[]).includes(values.service_type);
  // A rule saved with an item since deleted keeps showing it, so that saving it unchanged keeps it.
  const kept =
    values.applies_to && !choices.some((choice) => choice.value === values.applies_to)
      ? [{ value: values.applies_to, label: loaded ? `${values.applies_to} (not found)` : values.applies_to }]
      : [];

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
        {field('service_type', 'Service type', (props) =>
          choiceOf(serviceTypes)({
            ...props,
            // What the rule names belongs to its service type: another type starts from "every".
            onChange: (event: { target: { value: string } }) => {
              (props.onChange as (event: { target: { value: string } }) => void)(event);
              setValue('applies_to', '');
            },
          }),
        )}
        {field(
          'applies_to',
          'Applies to',
          (props) => (
            <select {...props} disabled={!named && !values.applies_to}>
              <option value="">{`Every ${titleCase(values.service_type).toLowerCase()}`}</option>
              {[...kept, ...choices].map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          ),
          {
            hint: named
              ? 'One villa type, cottage, package or safari; or every one of this service type.'
              : 'Activity and meal rules cover the whole service type.',
          },
        )}
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
