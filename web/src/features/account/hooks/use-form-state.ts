import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { plural } from '@/lib/format';
import { serverFieldProblems, type Problems } from '../components/account-forms';

/**
 * What the account forms share: the values, the problems under each field, the banner for what
 * belongs to no field, and focus moved to the first problem after each refused attempt.
 * Field ids are `${idPrefix}-${field}`; the banner's is `${idPrefix}-failure`.
 */
export function useFormState<Form extends Record<string, string>>(idPrefix: string, initial: Form, fieldOrder: ReadonlyArray<keyof Form & string>) {
  const [values, setValues] = useState<Form>(initial);
  const [problems, setProblems] = useState<Problems<Form>>({});
  const [failure, setFailure] = useState<string>();
  const [focusRequest, setFocusRequest] = useState<{ id: string }>();
  useEffect(() => {
    if (focusRequest) document.getElementById(focusRequest.id)?.focus();
  }, [focusRequest]);

  const change = (field: keyof Form & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (problems[field]) setProblems((current) => Object.fromEntries(Object.entries(current).filter(([key]) => key !== field)) as Problems<Form>);
  };

  /** Shows the form's own problems; true when there are none and the request may go. */
  const check = (found: Problems<Form>): boolean => {
    setProblems(found);
    setFailure(undefined);
    const first = fieldOrder.find((field) => found[field]);
    if (first) setFocusRequest({ id: `${idPrefix}-${first}` });
    return first === undefined;
  };

  /** The server's refusal: its field details under the fields, anything else (401, 429, ...) in the banner. */
  const refuse = (error: unknown) => {
    const fields: Problems<Form> = error instanceof ApiError ? serverFieldProblems<Form>(error.details, fieldOrder) : {};
    setProblems(fields);
    const first = fieldOrder.find((field) => fields[field]);
    if (first) {
      setFailure(undefined);
      setFocusRequest({ id: `${idPrefix}-${first}` });
      return;
    }
    const wait = error instanceof ApiError && error.retryAfterSeconds ? ` (you can try again in ${plural(error.retryAfterSeconds, 'second')})` : '';
    setFailure(error instanceof ApiError ? `${error.message}${wait}` : 'Something went wrong. Please check your connection and try again.');
    setFocusRequest({ id: `${idPrefix}-failure` });
  };

  return { values, setValues, problems, failure, change, check, refuse };
}
