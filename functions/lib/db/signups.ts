import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../../shared/languages.ts';
import { tableName } from './client.ts';
import { getItem } from './query.ts';
import * as signupKeys from './keys/signup.ts';
import { countInWindow, type Allowance } from './window-counter.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** How long an activation link works. */
export const ACTIVATION_HOURS = 48;

/** Sign-ups one client address may make per hour, unless the stage sets SIGNUP_LIMIT. */
export const SIGNUP_LIMIT_PER_HOUR = 5;
const WINDOW_MS = 60 * 60_000;

export const signupLimit = (): number => Number(process.env.SIGNUP_LIMIT) || SIGNUP_LIMIT_PER_HOUR;

export type SignupAllowance = Allowance;

/** Counts one sign-up by `clientAddress` in the current hour (functions/lib/db/window-counter.ts). */
export const countSignup = (clientAddress: string, now: number): Promise<SignupAllowance> =>
  countInWindow({
    key: (windowStart) => signupKeys.limit(clientAddress, windowStart),
    entity: 'signup-limit',
    counter: 'signups',
    limit: signupLimit(),
    windowMs: WINDOW_MS,
    now,
  });

/**
 * A sign-up as stored, the item the stream consumer turns into its e-mail:
 * - `activate`: a new account, or one still waiting for activation: the link's registration
 *   (name, phone, password hash), which opening the link applies to the account;
 * - `taken`: the address has an account already: its owner gets a note, nothing else changes.
 */
export type Signup =
  | {
      id: string;
      kind: 'activate';
      userId: string;
      email: string;
      name: string;
      phone?: string;
      /** The language of its e-mail (shared/languages.ts). */
      language?: Language;
      passwordHash: string;
      /** ISO instant after which the link no longer activates. */
      activation_expires_at: string;
      created_at: string;
    }
  | { id: string; kind: 'taken'; userId: string; email: string; name: string; language?: Language; created_at: string };

/** Kept a day past its link's expiry (a `taken` one, past its creation): the stream has delivered it by then. */
const KEEP_SECONDS = 24 * 60 * 60;

/** The Put of a sign-up's item (in the transaction that creates or refreshes its account, or alone). */
export function signupPut(signup: Signup): TransactItem {
  const until = signup.kind === 'activate' ? Math.floor(Date.parse(signup.activation_expires_at) / 1000) : Math.floor(Date.parse(signup.created_at) / 1000);
  // Stored snake_case, as every attribute is.
  const { userId, ...rest } = signup;
  const stored = rest.kind === 'activate' ? (({ passwordHash, ...other }) => ({ ...other, password_hash: passwordHash }))(rest) : rest;
  return {
    Put: {
      TableName: tableName,
      Item: { ...signupKeys.attempt(signup.id), entity: 'signup', ...stored, user_id: userId, expiresAt: until + KEEP_SECONDS },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Deletes a sign-up's item, only if it is still there (a link works once). */
export const signupUsed = (id: string): TransactItem => ({
  Delete: { TableName: tableName, Key: signupKeys.attempt(id), ConditionExpression: 'attribute_exists(pk)' },
});

/** A sign-up waiting for its link to be opened, read strongly; undefined when there is none (used, or never was). */
export async function getActivation(id: string): Promise<Extract<Signup, { kind: 'activate' }> | undefined> {
  const item = await getItem(signupKeys.attempt(id), true);
  if (!item || item.entity !== 'signup' || item.kind !== 'activate') return undefined;
  if (typeof item.user_id !== 'string' || typeof item.password_hash !== 'string' || typeof item.activation_expires_at !== 'string') return undefined;
  return {
    id,
    kind: 'activate',
    userId: item.user_id,
    email: String(item.email),
    name: String(item.name),
    ...(typeof item.phone === 'string' ? { phone: item.phone } : {}),
    passwordHash: item.password_hash,
    activation_expires_at: item.activation_expires_at,
    created_at: String(item.created_at),
  };
}
