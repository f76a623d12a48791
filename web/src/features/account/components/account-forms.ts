import { z } from 'zod/mini';
import { guestDetailsSchema } from '@shared/booking';
import { accountNameSchema } from '@shared/user-schemas';
import { tenDigitPhoneSchema } from '@shared/users';

/*
 * The account forms' rules, with the server's messages: the e-mail as the booking form checks it,
 * the name and phone by shared/, the password as POST /api/auth?action=register does.
 */

export const accountMessages = {
  passwordRequired: 'Password is required',
  passwordLength: 'Password must be at least 8 characters',
} as const;

export type SignInForm = { email: string; password: string };
export type RegisterForm = SignInForm & { name: string; phone: string };
export type ProfileForm = { name: string; phone: string };
export type Problems<Form> = Partial<Record<keyof Form, string>>;

const firstMessage = (schema: z.core.$ZodType, value: string): string | undefined => z.safeParse(schema, value).error?.issues[0]?.message;

export const MIN_PASSWORD_LENGTH = 8;

const problemsOf = <Form>(entries: Array<[keyof Form, string | undefined]>): Problems<Form> =>
  Object.fromEntries(entries.filter(([, message]) => message !== undefined)) as Problems<Form>;

export const signInProblems = (form: SignInForm): Problems<SignInForm> =>
  problemsOf<SignInForm>([
    ['email', firstMessage(guestDetailsSchema.shape.email, form.email)],
    ['password', form.password ? undefined : accountMessages.passwordRequired],
  ]);

export const registerProblems = (form: RegisterForm): Problems<RegisterForm> =>
  problemsOf<RegisterForm>([
    ['name', firstMessage(accountNameSchema, form.name)],
    ['email', firstMessage(guestDetailsSchema.shape.email, form.email)],
    ['phone', form.phone.trim() ? firstMessage(tenDigitPhoneSchema, form.phone) : undefined],
    ['password', !form.password ? accountMessages.passwordRequired : form.password.length < MIN_PASSWORD_LENGTH ? accountMessages.passwordLength : undefined],
  ]);

export const profileProblems = (form: ProfileForm): Problems<ProfileForm> =>
  problemsOf<ProfileForm>([
    ['name', firstMessage(accountNameSchema, form.name)],
    ['phone', form.phone.trim() ? firstMessage(tenDigitPhoneSchema, form.phone) : undefined],
  ]);

/** The server's 400/409 details (`email`, `password`, ...) on the form's own fields; the rest stays general. */
export function serverFieldProblems<Form>(details: Record<string, string[]> | undefined, fields: ReadonlyArray<keyof Form>): Problems<Form> {
  return problemsOf<Form>(
    Object.entries(details ?? {})
      .filter(([key]) => (fields as readonly string[]).includes(key))
      .map(([key, messages]) => [key as keyof Form, messages[0]]),
  );
}
