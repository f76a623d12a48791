import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { localizeMessage, t, useT } from '@/i18n/i18n';
import '@/i18n/english/account';
import '@/i18n/english/manage';
import { serverFieldProblems, type Problems } from '../components/account-forms';

/**
 * What the account forms share: the values, the problems under each field, the banner for what
 * belongs to no field, and focus moved to the first problem after each refused attempt.
 * Field ids are `${idPrefix}-${field}`; the banner's is `${idPrefix}-failure`. Problems and the
 * banner are kept as they came (the rules' and the API's English) and shown in the guest's language.
 */
export function useFormState<Form extends Record<string, string>>(idPrefix: string, initial: Form, fieldOrder: ReadonlyArray<keyof Form & string>) {
  const [values, setValues] = useState<Form>(initial);
  const [problems, setProblems] = useState<Problems<Form>>({});
  const [failure, setFailure] = useState<{ message: string; waitSeconds?: number | undefined }>();
  useT();
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
    setFailure(
      error instanceof ApiError
        ? { message: error.message, waitSeconds: error.retryAfterSeconds }
        : { message: 'Something went wrong. Please check your connection and try again.' },
    );
    setFocusRequest({ id: `${idPrefix}-failure` });
  };

  const shownProblems = Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, message && localizeMessage(message)])) as Problems<Form>;
  const shownFailure =
    failure &&
    `${localizeMessage(failure.message)}${failure.waitSeconds ? ` ${t('(you can try again in {seconds, plural, one {# second} other {# seconds}})', { seconds: failure.waitSeconds })}` : ''}`;
  return { values, setValues, problems: shownProblems, failure: shownFailure, change, check, refuse };
}
