import { z } from 'zod/mini';
import { safariInputSchema, type AdminSafari } from '@shared/admin-catalogue-safaris';
import { safariStatuses, safariTypes } from '@shared/catalogue';
import { choiceOf, errorsOf, numberOf, type CatalogueFormConfig } from '../components/catalogue-form';

type Field =
  'name' | 'type' | 'duration' | 'price' | 'max_guests' | 'start_time' | 'end_time' | 'meeting_point' | 'description' | 'includes' | 'exclusions' | 'status';

/** The inline Add / Edit safari form (docs/product.md#safaris-tab): every field but exclusions is required. */
export const safariForm: CatalogueFormConfig<AdminSafari, Record<string, unknown>, Field> = {
  // Type morning (its sample time 06:00-09:00), active.
  empty: {
    name: '',
    type: 'morning',
    duration: '',
    price: '',
    max_guests: '',
    start_time: '',
    end_time: '',
    meeting_point: '',
    description: '',
    includes: '',
    exclusions: '',
    status: 'active',
  },
  of: (safari) => ({
    name: safari.name,
    type: safari.type,
    duration: safari.duration,
    price: String(safari.price),
    max_guests: String(safari.max_guests),
    start_time: safari.start_time,
    end_time: safari.end_time,
    meeting_point: safari.meeting_point,
    description: safari.description,
    includes: safari.includes.join(', '),
    exclusions: safari.exclusions.join(', '),
    status: safari.status,
  }),
  check(values) {
    const body = { ...values, price: numberOf(values.price), max_guests: numberOf(values.max_guests) };
    const result = z.safeParse(safariInputSchema, body);
    return result.success ? { ok: true, body } : { ok: false, errors: errorsOf(result.error.issues) };
  },
  fields: () => [
    { name: 'name', label: 'Safari name', control: (props) => <input {...props} autoComplete="off" /> },
    { name: 'type', label: 'Type', control: choiceOf(safariTypes) },
    { name: 'duration', label: 'Duration', control: (props) => <input {...props} placeholder="3 hours" /> },
    { name: 'price', label: 'Price per person (₹)', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} step={1} /> },
    { name: 'max_guests', label: 'Max guests', control: (props) => <input {...props} type="number" inputMode="numeric" min={1} max={40} step={1} /> },
    { name: 'start_time', label: 'Start time', control: (props) => <input {...props} type="time" /> },
    { name: 'end_time', label: 'End time', control: (props) => <input {...props} type="time" /> },
    { name: 'meeting_point', label: 'Meeting point', control: (props) => <input {...props} placeholder="Main gate jeep bay" /> },
    { name: 'status', label: 'Status', control: choiceOf(safariStatuses) },
    { name: 'description', label: 'Description', control: (props) => <textarea {...props} rows={3} />, wide: true },
    {
      name: 'includes',
      label: 'Includes (comma-separated)',
      control: (props) => <input {...props} placeholder="Open jeep, Naturalist guide, Park entry" />,
      wide: true,
    },
    { name: 'exclusions', label: 'Exclusions (optional)', control: (props) => <input {...props} placeholder="Camera fee" />, wide: true },
  ],
};
