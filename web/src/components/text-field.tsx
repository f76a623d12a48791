import { useT } from '@/i18n/i18n';
import type { HTMLAttributes } from 'react';

type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's message, shown under it and read with it. */
  error?: string;
  /** A line under the label, read with the field. */
  hint?: string;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoCapitalize?: string;
  /** Marks the label '(optional)' instead of the required star. */
  optional?: boolean;
};

/** A labelled input with its hint and its error under it, tied together for screen readers. */
export function TextField({ id, label, value, onChange, error, hint, type = 'text', autoComplete, inputMode, autoCapitalize, optional }: TextFieldProps) {
  const t = useT();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label} {optional ? <span className="muted">{t('(optional)')}</span> : <span aria-hidden="true">*</span>}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        inputMode={inputMode}
        autoCapitalize={autoCapitalize}
        spellCheck={false}
        required={!optional}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
