import { z } from 'zod/mini';
import { safariInputSchema, type AdminSafari } from '@shared/admin-catalogue-safaris';
import { safariStatuses, safariTypes } from '@shared/catalog';
import { CatalogueFormShell, choiceOf, errorsOf, numberOf, useCatalogueForm, type FormErrors } from '../components/catalogue-form';

type Field =
  'name' | 'type' | 'duration' | 'price' | 'max_guests' | 'start_time' | 'end_time' | 'meeting_point' | 'description' | 'includes' | 'exclusions' | 'status';
export type SafariFormValues = Record<Field, string>;

/** Spec section 9: type morning (its sample time 06:00-09:00), active. */
export const emptySafariForm: SafariFormValues = {
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
};

export const formOfSafari = (safari: AdminSafari): SafariFormValues => ({
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
});

export function checkSafariForm(values: SafariFormValues): { ok: true; body: Record<string, unknown> } | { ok: false; errors: FormErrors } {
  const body = { ...values, price: numberOf(values.price), max_guests: numberOf(values.max_guests) };
  const result = z.safeParse(safariInputSchema, body);
  return result.success ? { ok: true, body } : { ok: false, errors: errorsOf(result.error.issues) };
}

/** The inline Add / Edit safari form (spec section 5: every field but exclusions is required). */
export function SafariForm({
  editing,
  initial,
  busy,
  serverErrors,
  banner,
  onSubmit,
  onCancel,
}: {
  editing: boolean;
  initial: SafariFormValues;
  busy: boolean;
  serverErrors?: FormErrors | undefined;
  banner?: string | undefined;
  onSubmit: (body: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { field, submitWith } = useCatalogueForm(initial, serverErrors);
  return (
    <CatalogueFormShell noun="Safari" editing={editing} busy={busy} banner={banner} onSubmit={submitWith(checkSafariForm, onSubmit)} onCancel={onCancel}>
      {field('name', 'Safari name', (props) => (
        <input {...props} autoComplete="off" />
      ))}
      {field('type', 'Type', choiceOf(safariTypes))}
      {field('duration', 'Duration', (props) => (
        <input {...props} placeholder="3 hours" />
      ))}
      {field('price', 'Price per person (₹)', (props) => (
        <input {...props} type="number" inputMode="numeric" min={1} step={1} />
      ))}
      {field('max_guests', 'Max guests', (props) => (
        <input {...props} type="number" inputMode="numeric" min={1} max={40} step={1} />
      ))}
      {field('start_time', 'Start time', (props) => (
        <input {...props} type="time" />
      ))}
      {field('end_time', 'End time', (props) => (
        <input {...props} type="time" />
      ))}
      {field('meeting_point', 'Meeting point', (props) => (
        <input {...props} placeholder="Main gate jeep bay" />
      ))}
      {field('status', 'Status', choiceOf(safariStatuses))}
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
          <input {...props} placeholder="Open jeep, Naturalist guide, Park entry" />
        ),
        { wide: true },
      )}
      {field(
        'exclusions',
        'Exclusions (optional)',
        (props) => (
          <input {...props} placeholder="Camera fee" />
        ),
        { wide: true },
      )}
    </CatalogueFormShell>
  );
}
