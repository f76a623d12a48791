import { z } from 'zod/mini';
import { villaTypeLabels } from '@shared/admin-catalogue';
import { cottageInputSchema, type AdminCottage, type CottageInputDraft } from '@shared/admin-catalogue-cottages';
import { cottageStatuses, villaTypes } from '@shared/catalog';
import { CatalogueFormShell, choiceOf, errorsOf, numberOf, useCatalogueForm, type FormErrors } from '../components/catalogue-form';

type Field = 'name' | 'type' | 'description' | 'price_per_night' | 'capacity' | 'size_sqft' | 'amenities' | 'status';
export type CottageFormValues = Record<Field, string>;

/** Spec section 9: a new cottage is active. */
export const emptyCottageForm: CottageFormValues = {
  name: '',
  type: '',
  description: '',
  price_per_night: '',
  capacity: '',
  size_sqft: '',
  amenities: '',
  status: 'active',
};

export const formOfCottage = (cottage: AdminCottage): CottageFormValues => ({
  name: cottage.name,
  type: cottage.type,
  description: cottage.description,
  price_per_night: String(cottage.price_per_night),
  capacity: String(cottage.capacity),
  size_sqft: String(cottage.size_sqft),
  amenities: cottage.amenities,
  status: cottage.status,
});

/** The form checked with the server's own schema (spec section 5: name, price, capacity and description required). */
export function checkCottageForm(values: CottageFormValues): { ok: true; body: CottageInputDraft } | { ok: false; errors: FormErrors } {
  const body = {
    ...values,
    price_per_night: numberOf(values.price_per_night),
    capacity: numberOf(values.capacity),
    size_sqft: numberOf(values.size_sqft),
    type: values.type || undefined,
  };
  const result = z.safeParse(cottageInputSchema, body);
  return result.success ? { ok: true, body: body as CottageInputDraft } : { ok: false, errors: errorsOf(result.error.issues) };
}

/** The inline Add / Edit cottage form. A unit belongs to a villa type; units of a type share its price. */
export function CottageForm({
  editing,
  initial,
  busy,
  serverErrors,
  banner,
  typePrices,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  initial: CottageFormValues;
  busy: boolean;
  serverErrors?: FormErrors | undefined;
  banner?: string | undefined;
  typePrices: Partial<Record<string, number>>;
  onSubmit: (body: CottageInputDraft) => void;
  onCancel: () => void;
}) {
  const { values, field, submitWith } = useCatalogueForm(initial, serverErrors);
  const typePrice = values.type ? typePrices[values.type] : undefined;
  const priceHint =
    typePrice !== undefined && values.type
      ? `Units of ${villaTypeLabels[values.type as keyof typeof villaTypeLabels]} share one price (now ₹${typePrice.toLocaleString('en-IN')}); a new price applies to all of them.`
      : undefined;

  return (
    <CatalogueFormShell noun="Cottage" editing={editing} busy={busy} banner={banner} onSubmit={submitWith(checkCottageForm, onSubmit)} onCancel={onCancel}>
      {field('name', 'Name', (props) => (
        <input {...props} autoComplete="off" />
      ))}
      {field(
        'type',
        'Villa type',
        choiceOf(villaTypes, (type) => villaTypeLabels[type as (typeof villaTypes)[number]], 'Choose a villa type'),
        { hint: 'The cottage is one more unit of this type for guests to book.' },
      )}
      {field(
        'price_per_night',
        'Price per night (₹)',
        (props) => (
          <input {...props} type="number" inputMode="numeric" min={1} step={1} />
        ),
        {
          hint: priceHint,
        },
      )}
      {field('capacity', 'Capacity (guests)', (props) => (
        <input {...props} type="number" inputMode="numeric" min={1} max={20} step={1} />
      ))}
      {field('size_sqft', 'Size (sq ft, optional)', (props) => (
        <input {...props} type="number" inputMode="numeric" min={1} step={1} />
      ))}
      {field('status', 'Status', choiceOf(cottageStatuses))}
      {field(
        'description',
        'Description',
        (props) => (
          <textarea {...props} rows={3} />
        ),
        { wide: true },
      )}
      {field(
        'amenities',
        'Amenities (optional, comma-separated)',
        (props) => (
          <input {...props} placeholder="King Bed, Forest View, WiFi" />
        ),
        { wide: true },
      )}
    </CatalogueFormShell>
  );
}
