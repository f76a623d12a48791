import { z } from 'zod/mini';
import { toList } from '@shared/admin-catalogue';
import { describePackageDerivations, packageDerivations, packageFormRequired, packageInputSchema, type AdminPackage } from '@shared/admin-catalogue-packages';
import { packageStatuses, packageTypes } from '@shared/catalogue';
import { includedSafaris } from '@shared/quote';
import { choiceOf, errorsOf, numberOf, type CatalogueFormConfig, type FormErrors, type FormCheck } from '../components/catalogue-form';

type Field = 'name' | 'type' | 'duration' | 'price' | 'max_guests' | 'safaris' | 'description' | 'includes' | 'exclusions' | 'status';
export type PackageFormValues = Record<Field, string>;

/**
 * What the form will send for the package's safaris: the number staff typed in 'Safaris included',
 * or, left empty, the derivation (the package's own number, else 2 when the includes mention a safari).
 */
function withIncludedSafaris(values: PackageFormValues, existingMaxSafaris: number | undefined) {
  const derived = packageDerivations({ price: values.price, includes: values.includes, existingMaxSafaris });
  const typed = numberOf(values.safaris);
  return typed === undefined ? derived : { ...derived, includes_safari: typed > 0, max_safaris: typed };
}

/**
 * The form's values as the wire payload and ours (docs/product.md#packages-tab): the derivations
 * (multiplier, includes_safari, max_safaris) and is_active 1 only for active.
 */
export function checkPackageForm(values: PackageFormValues, existingMaxSafaris?: number): FormCheck<Record<string, unknown>> {
  const derived = withIncludedSafaris(values, existingMaxSafaris);
  const body = {
    name: values.name,
    type: values.type,
    description: values.description,
    price_multiplier: derived.price_multiplier,
    includes_safari: derived.includes_safari ? 1 : 0,
    max_safaris: derived.max_safaris,
    is_active: values.status === 'active' ? 1 : 0,
    status: values.status,
    price: numberOf(values.price),
    duration: values.duration,
    max_guests: numberOf(values.max_guests),
    includes: values.includes,
    exclusions: values.exclusions,
  };
  const errors: FormErrors = {};
  const result = z.safeParse(packageInputSchema, body);
  if (!result.success) Object.assign(errors, errorsOf(result.error.issues));
  for (const [name, message] of Object.entries(packageFormRequired)) {
    const value = values[name as Field];
    const missing = name === 'includes' ? toList(value).length === 0 : value.trim() === '';
    if (missing) errors[name] = [message];
  }
  for (const [wire, field] of [
    ['price_multiplier', 'price'],
    ['max_safaris', 'safaris'],
  ] as const) {
    if (!errors[wire]) continue;
    errors[field] ??= errors[wire];
    delete errors[wire];
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/** The inline Add / Edit package form, its derivations shown as they will be sent. */
export const packageForm: CatalogueFormConfig<AdminPackage, Record<string, unknown>, Field> = {
  // Type accommodation, multiplier 1 (a price of 15000), 6 guests, active.
  empty: {
    name: '',
    type: 'accommodation',
    duration: '',
    price: '',
    max_guests: '6',
    safaris: '',
    description: '',
    includes: '',
    exclusions: '',
    status: 'active',
  },
  of: (stayPackage) => ({
    name: stayPackage.name,
    type: stayPackage.type,
    duration: stayPackage.duration,
    price: String(stayPackage.price),
    max_guests: String(stayPackage.max_guests),
    safaris: String(includedSafaris(stayPackage)),
    description: stayPackage.description,
    includes: stayPackage.includes.join(', '),
    exclusions: stayPackage.exclusions.join(', '),
    status: stayPackage.status,
  }),
  check: (values, editing) => checkPackageForm(values, editing?.max_safaris),
  fields: () => [
    { name: 'name', label: 'Package name', control: (props) => <input {...props} autoComplete="off" /> },
    { name: 'type', label: 'Type', control: choiceOf(packageTypes) },
    { name: 'duration', label: 'Duration', control: (props) => <input {...props} placeholder="3 Days / 2 Nights" /> },
    { name: 'price', label: 'Price (₹)', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} /> },
    { name: 'max_guests', label: 'Max guests', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} max={20} step={1} /> },
    {
      name: 'safaris',
      label: 'Safaris included',
      control: (props) => <input {...props} type="number" inputMode="numeric" min={0} max={10} step={1} placeholder="From the includes" />,
    },
    { name: 'status', label: 'Status', control: choiceOf(packageStatuses) },
    { name: 'description', label: 'Description', control: (props) => <textarea {...props} rows={3} />, wide: true },
    {
      name: 'includes',
      label: 'Includes (comma-separated)',
      control: (props) => <textarea {...props} rows={2} placeholder="All meals, Two jeep safaris, Naturalist host" />,
      wide: true,
    },
    { name: 'exclusions', label: 'Exclusions (optional)', control: (props) => <input {...props} placeholder="Alcohol, Camera fees" />, wide: true },
  ],
  footer: (values, editing) => (
    <p className="catalogue-derived admin-form__wide" aria-live="polite">
      {describePackageDerivations(withIncludedSafaris(values, editing?.max_safaris))}
      {values.status === 'seasonal' ? ' · seasonal packages are not offered to guests (sent as inactive)' : ''}
    </p>
  ),
};
