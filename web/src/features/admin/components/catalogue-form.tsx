import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod/mini';
import { ApiError } from '@/lib/api-client';

/*
 * What the portal's forms (cottages, packages, safaris, pricing rules) share: values held as typed text (nothing
 * typed is lost to a failed parse), checked with the server's own schema from @shared, each
 * field's messages under it (the server's 400 details too), focus on the first problem.
 */

export type FormErrors = Record<string, string[]>;

/** Each field's messages, by its top-level key; with `firstOnly`, just the first problem a field has. */
export function errorsOf(issues: readonly z.core.$ZodIssue[], { firstOnly = false } = {}): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const key = issue.path[0];
    const messages = (errors[typeof key === 'string' ? key : '_'] ??= []);
    if (!firstOnly || messages.length === 0) messages.push(issue.message);
  }
  return errors;
}

/** '' is a missing number; anything else is sent as the number it reads as (the schema says if it is not one). */
export const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** A type or status as a label: 'full-day' reads 'Full Day'. */
export const titleCase = (text: string) => text.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/**
 * A field's control that picks one of `options`, each shown by `labelOf` (title case by default),
 * with an optional first, empty choice: `field('status', 'Status', choiceOf(statuses))`.
 */
export const choiceOf =
  (options: readonly string[], labelOf: (option: string) => string = titleCase, empty?: string) =>
  (props: Record<string, unknown>) => (
    <select {...props}>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </select>
  );

export function useCatalogueForm<K extends string>(initial: Record<K, string>, serverErrors?: FormErrors) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const id = useId();
  const shown: FormErrors = { ...serverErrors, ...errors };

  const set = (name: K) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => {
      const { [name]: _gone, ...rest } = current;
      return rest;
    });
  };

  /** Shows the problems (focusing the first), or hands the checked body on. */
  const submitWith =
    <T,>(check: (values: Record<K, string>) => { ok: true; body: T } | { ok: false; errors: FormErrors }, onSubmit: (body: T) => void) =>
    (event: FormEvent) => {
      event.preventDefault();
      const checked = check(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        const first = Object.keys(checked.errors)[0];
        if (first) document.getElementById(`${id}-${first}`)?.focus();
        return;
      }
      setErrors({});
      onSubmit(checked.body);
    };

  const field = (
    name: K,
    label: string,
    control: (props: Record<string, unknown>) => ReactNode,
    options: { wide?: boolean | undefined; hint?: ReactNode } = {},
  ) => {
    const messages = shown[name];
    const describedBy = [messages?.length ? `${id}-${name}-error` : '', options.hint ? `${id}-${name}-hint` : ''].filter(Boolean).join(' ');
    // The label names the control alone (its own element, `for` the control): the hint and the
    // errors are its description, so a screen reader reads the name without the error text in it.
    return (
      <div className={`form-field${options.wide ? ' admin-form__wide' : ''}`}>
        <label htmlFor={`${id}-${name}`}>{label}</label>
        {control({
          id: `${id}-${name}`,
          name,
          value: values[name],
          onChange: set(name),
          'aria-invalid': messages?.length ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {options.hint ? (
          <span id={`${id}-${name}-hint`} className="muted">
            {options.hint}
          </span>
        ) : null}
        {messages?.length ? (
          <span id={`${id}-${name}-error`} className="field-error">
            {messages.join(' ')}
          </span>
        ) : null}
      </div>
    );
  };

  /** Sets a field as if it were typed (a field that depends on another, cleared when that one changes). */
  const setValue = (name: K, value: string) => set(name)({ target: { value } });

  return { values, field, submitWith, setValue };
}

/** A save's failure: the server's field messages go under their fields, its message (or the tab's own) in the banner. */
export function saveFailure(error: unknown, fallback?: string): { banner: string; details?: FormErrors } {
  if (error instanceof ApiError) return { banner: fallback ?? error.message, ...(error.details ? { details: error.details } : {}) };
  return { banner: fallback ?? (error instanceof Error ? error.message : 'Something went wrong. Please try again.') };
}

/** A delete the server refused because guests are coming: its message, and deactivation to offer instead. */
export const refusedForBookings = (error: unknown): string | undefined =>
  error instanceof ApiError && error.status === 409 && error.extra.code === 'has_upcoming_bookings' ? error.message : undefined;

export function FormBanner({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="form-banner admin-form__wide">
      {message}
    </p>
  ) : null;
}

/**
 * The inline Add / Edit form around a tab's fields: its heading, the save's banner, Cancel and the
 * submit button ('Create Cottage' / 'Update Cottage', 'Saving...' while the save runs).
 */
export function CatalogueFormShell({
  noun,
  editing,
  busy,
  banner,
  onSubmit,
  onCancel,
  children,
}: {
  /** Capitalised, as in 'Add New Cottage'. */
  noun: string;
  editing: boolean;
  busy: boolean;
  banner: string | undefined;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const titleId = `${noun.toLowerCase()}-form-title`;
  return (
    <section className="admin-panel catalogue-form" aria-labelledby={titleId}>
      <h3 id={titleId}>{editing ? `Edit ${noun}` : `Add New ${noun}`}</h3>
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <FormBanner message={banner} />
        {children}
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving...' : editing ? `Update ${noun}` : `Create ${noun}`}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One field of a catalogue form: its control (given id, name, value, onChange and the aria state), label and layout. */
export type CatalogueField<K extends string> = {
  name: K;
  label: string;
  control: (props: Record<string, unknown>) => ReactNode;
  wide?: boolean;
  hint?: ReactNode;
};

export type FormCheck<Body> = { ok: true; body: Body } | { ok: false; errors: FormErrors };

/** A kind's add / edit form: its fields (which may depend on what is typed), the check, and what it says below them. */
export type CatalogueFormConfig<Item, Body, K extends string> = {
  /** A new item's values. */
  empty: Record<K, string>;
  /** An item's values, to edit it. */
  of: (item: Item) => Record<K, string>;
  /** The values as the body to send (with the server's own schema), or each field's problems. */
  check: (values: Record<K, string>, editing: Item | undefined) => FormCheck<Body>;
  fields: (values: Record<K, string>) => Array<CatalogueField<K>>;
  /** Below the fields: what the save will derive, for instance. */
  footer?: (values: Record<K, string>, editing: Item | undefined) => ReactNode;
};

/** The inline Add / Edit form of a catalogue tab, as its kind configures it. */
export function CatalogueForm<Item, Body, K extends string>({
  config,
  noun,
  editing,
  initial,
  busy,
  serverErrors,
  banner,
  onSubmit,
  onCancel,
}: {
  config: CatalogueFormConfig<Item, Body, K>;
  noun: string;
  editing: Item | undefined;
  initial: Record<K, string>;
  busy: boolean;
  serverErrors?: FormErrors | undefined;
  banner?: string | undefined;
  onSubmit: (body: Body) => void;
  onCancel: () => void;
}) {
  const { values, field, submitWith } = useCatalogueForm(initial, serverErrors);
  return (
    <CatalogueFormShell
      noun={noun}
      editing={editing !== undefined}
      busy={busy}
      banner={banner}
      onSubmit={submitWith((current) => config.check(current, editing), onSubmit)}
      onCancel={onCancel}
    >
      {config.fields(values).map((entry) => (
        <Fragment key={entry.name}>{field(entry.name, entry.label, entry.control, { wide: entry.wide, hint: entry.hint })}</Fragment>
      ))}
      {config.footer?.(values, editing)}
    </CatalogueFormShell>
  );
}
