import { z } from 'zod/mini';
import { stayTypeInputSchema, type AdminStayType, type StayTypeInputDraft } from '@shared/admin-catalogue-stay-types';
import { stayTypeStatuses } from '@shared/catalogue';
import { choiceOf, errorsOf, numberOf, type CatalogueFormConfig } from '../components/catalogue-form';
import { ImageListField } from './image-list-field';

type Field = 'name' | 'description' | 'price_per_night' | 'capacity' | 'size_sqft' | 'amenities' | 'images' | 'status';

/**
 * The inline Add / Edit villa type form (docs/product.md#villa-types-tab), checked with the
 * server's own schema. The price is every unit's; retiring takes the type off the guest site.
 */
export const villaTypeForm: CatalogueFormConfig<AdminStayType, StayTypeInputDraft, Field> = {
  empty: { name: '', description: '', price_per_night: '', capacity: '', size_sqft: '', amenities: '', images: '', status: 'active' },
  of: (type) => ({
    name: type.name,
    description: type.description,
    price_per_night: String(type.price_per_night),
    capacity: String(type.capacity),
    size_sqft: String(type.size_sqft),
    amenities: type.amenities,
    images: type.images.join('\n'),
    status: type.status,
  }),
  check(values) {
    const body = {
      ...values,
      price_per_night: numberOf(values.price_per_night),
      capacity: numberOf(values.capacity),
      size_sqft: numberOf(values.size_sqft),
      images: values.images.split('\n').filter(Boolean),
    };
    const result = z.safeParse(stayTypeInputSchema, body);
    return result.success ? { ok: true, body: body as StayTypeInputDraft } : { ok: false, errors: errorsOf(result.error.issues) };
  },
  fields: () => [
    { name: 'name', label: 'Name', control: (props) => <input {...props} autoComplete="off" placeholder="Treehouse" /> },
    {
      name: 'price_per_night',
      label: 'Price per night (₹)',
      control: (props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} />,
      hint: 'Every unit of this type is sold at this price.',
    },
    {
      name: 'capacity',
      label: 'Capacity (guests)',
      control: (props) => <input {...props} type="number" inputMode="numeric" min={1} max={20} step={1} />,
      hint: 'The most guests one unit takes; a unit may take fewer.',
    },
    { name: 'size_sqft', label: 'Size (sq ft, optional)', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} /> },
    {
      name: 'status',
      label: 'Status',
      control: choiceOf(stayTypeStatuses),
      hint: 'A retired type is off the guest site; its units and their bookings stay.',
    },
    { name: 'description', label: 'Description', control: (props) => <textarea {...props} rows={3} />, wide: true },
    {
      name: 'amenities',
      label: 'Amenities (optional, comma-separated)',
      control: (props) => <input {...props} placeholder="King Bed, Forest View, WiFi" />,
      wide: true,
    },
    {
      name: 'images',
      label: 'Photos',
      control: (props) => <ImageListField {...props} />,
      hint: 'The first is the card’s photo. Photos are shrunk to 1,600 px before they upload.',
      wide: true,
    },
  ],
};
