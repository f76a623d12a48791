import { z } from 'zod/mini';
import { cottageInputSchema, type AdminCottage, type CottageInputDraft } from '@shared/admin-catalogue-cottages';
import type { AdminStayType } from '@shared/admin-catalogue-stay-types';
import { cottageStatuses } from '@shared/catalogue';
import { choiceOf, errorsOf, numberOf, type CatalogueFormConfig } from '../components/catalogue-form';

type Field = 'name' | 'type' | 'description' | 'price_per_night' | 'capacity' | 'size_sqft' | 'amenities' | 'status';

/**
 * The inline Add / Edit cottage form (docs/product.md#cottages-tab): name, price, capacity and
 * description required, checked with the server's own schema. A unit belongs to a villa type
 * (`types`), whose price it shares; a new cottage without one makes a new type of its own.
 */
export const cottageForm = (types: readonly AdminStayType[]): CatalogueFormConfig<AdminCottage, CottageInputDraft, Field> => ({
  // A new cottage is active.
  empty: { name: '', type: '', description: '', price_per_night: '', capacity: '', size_sqft: '', amenities: '', status: 'active' },
  of: (cottage) => ({
    name: cottage.name,
    type: cottage.type,
    description: cottage.description,
    price_per_night: String(cottage.price_per_night),
    capacity: String(cottage.capacity),
    size_sqft: String(cottage.size_sqft),
    amenities: cottage.amenities,
    status: cottage.status,
  }),
  check(values) {
    const body = {
      ...values,
      price_per_night: numberOf(values.price_per_night),
      capacity: numberOf(values.capacity),
      size_sqft: numberOf(values.size_sqft),
      type: values.type || undefined,
    };
    const result = z.safeParse(cottageInputSchema, body);
    return result.success ? { ok: true, body: body as CottageInputDraft } : { ok: false, errors: errorsOf(result.error.issues) };
  },
  fields(values) {
    const type = types.find((candidate) => candidate.id === values.type);
    const priceHint = type
      ? `Units of ${type.name} share one price (now ₹${type.price_per_night.toLocaleString('en-IN')}); a new price applies to all of them.`
      : undefined;
    const labels = new Map(types.map((candidate) => [candidate.id, candidate.status === 'retired' ? `${candidate.name} (retired)` : candidate.name]));
    return [
      { name: 'name', label: 'Name', control: (props) => <input {...props} autoComplete="off" /> },
      {
        name: 'type',
        label: 'Villa type',
        control: choiceOf([...labels.keys()], (id) => labels.get(id) ?? id, 'A new villa type, from this cottage'),
        hint: type
          ? `One more unit of ${type.name} for guests to book, for up to ${type.capacity} guests.`
          : 'A new villa type with this cottage as its one unit: guests see it at once.',
      },
      {
        name: 'price_per_night',
        label: 'Price per night (₹)',
        control: (props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} />,
        hint: priceHint,
      },
      { name: 'capacity', label: 'Capacity (guests)', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} max={20} step={1} /> },
      { name: 'size_sqft', label: 'Size (sq ft, optional)', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} /> },
      { name: 'status', label: 'Status', control: choiceOf(cottageStatuses) },
      { name: 'description', label: 'Description', control: (props) => <textarea {...props} rows={3} />, wide: true },
      {
        name: 'amenities',
        label: 'Amenities (optional, comma-separated)',
        control: (props) => <input {...props} placeholder="King Bed, Forest View, WiFi" />,
        wide: true,
      },
    ];
  },
});
