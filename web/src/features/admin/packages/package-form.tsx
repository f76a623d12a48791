import { z } from 'zod/mini';
import { toList } from '@shared/admin-catalogue';
import { describePackageDerivations, packageDerivations, packageFormRequired, packageInputSchema, type AdminPackage } from '@shared/admin-catalogue-packages';
import { packageStatuses, packageTypes } from '@shared/catalog';
import { CatalogueFormShell, choiceOf, errorsOf, numberOf, useCatalogueForm, type FormErrors } from '../components/catalogue-form';

type Field = 'name' | 'type' | 'duration' | 'price' | 'max_guests' | 'description' | 'includes' | 'exclusions' | 'status';
export type PackageFormValues = Record<Field, string>;

/** Spec section 9: type accommodation, multiplier 1 (a price of 10000), 6 guests, active. */
export const emptyPackageForm: PackageFormValues = {
  name: '',
  type: 'accommodation',
  duration: '',
  price: '',
  max_guests: '6',
  description: '',
  includes: '',
  exclusions: '',
  status: 'active',
};

export const formOfPackage = (stayPackage: AdminPackage): PackageFormValues => ({
  name: stayPackage.name,
  type: stayPackage.type,
  duration: stayPackage.duration,
  price: String(stayPackage.price),
  max_guests: String(stayPackage.max_guests),
  description: stayPackage.description,
  includes: stayPackage.includes.join(', '),
  exclusions: stayPackage.exclusions.join(', '),
  status: stayPackage.status,
});

/**
 * The form's values as the spec's payload (section 7) and ours: the derivations of section 5
 * (multiplier, includes_safari, max_safaris) and is_active 1 only for active.
 */
export function checkPackageForm(
  values: PackageFormValues,
  existingMaxSafaris?: number,
): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const derived = packageDerivations({ price: values.price, includes: values.includes, existingMaxSafaris });
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
  if (errors.price_multiplier) {
    errors.price ??= errors.price_multiplier;
    delete errors.price_multiplier;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, body };
}

/** The inline Add / Edit package form, its derivations shown as they will be sent. */
export function PackageForm({
  editing,
  initial,
  existingMaxSafaris,
  busy,
  serverErrors,
  banner,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  initial: PackageFormValues;
  existingMaxSafaris?: number | undefined;
  busy: boolean;
  serverErrors?: FormErrors | undefined;
  banner?: string | undefined;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { values, field, submitWith } = useCatalogueForm(initial, serverErrors);
  const derived = packageDerivations({ price: values.price, includes: values.includes, existingMaxSafaris });

  return (
    <CatalogueFormShell
      noun="Package"
      editing={editing}
      busy={busy}
      banner={banner}
      onSubmit={submitWith((current) => checkPackageForm(current, existingMaxSafaris), onSubmit)}
      onCancel={onCancel}
    >
      {field('name', 'Package name', (props) => (
        <input {...props} autoComplete="off" />
      ))}
      {field('type', 'Type', choiceOf(packageTypes))}
      {field('duration', 'Duration', (props) => (
        <input {...props} placeholder="3 Days / 2 Nights" />
      ))}
      {field('price', 'Price (₹)', (props) => (
        <input {...props} type="number" inputMode="numeric" min={1} step={1} />
      ))}
      {field('max_guests', 'Max guests', (props) => (
        <input {...props} type="number" inputMode="numeric" min={1} max={20} step={1} />
      ))}
      {field('status', 'Status', choiceOf(packageStatuses))}
      {field(
        'description',
        'Description',
        (props) => (
          <textarea {...props} rows={3} />
        ),
        { wide: true },
      )}
      {field(
        'includes',
        'Includes (comma-separated)',
        (props) => (
          <textarea {...props} rows={2} placeholder="All meals, Two jeep safaris, Naturalist host" />
        ),
        {
          wide: true,
        },
      )}
      {field(
        'exclusions',
        'Exclusions (optional)',
        (props) => (
          <input {...props} placeholder="Alcohol, Camera fees" />
        ),
        { wide: true },
      )}
      <p className="catalogue-derived admin-form__wide" aria-live="polite">
        {describePackageDerivations(derived)}
        {values.status === 'seasonal' ? ' · seasonal packages are not offered to guests (sent as inactive)' : ''}
      </p>
    </CatalogueFormShell>
  );
}
