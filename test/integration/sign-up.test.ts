import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { randomUUID, type default as Crypto } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVATE_FIRST_MESSAGE, SIGNUP_MESSAGE } from '../../functions/lib/accounts.ts';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { signupKeys, userKeys } from '../../functions/lib/db/keys.ts';
import { getItem } from '../../functions/lib/db/query.ts';
import { createUser } from '../../functions/lib/db/users.ts';
import { hashPassword } from '../../functions/lib/passwords.ts';
import { handler as tableEvents } from '../../functions/streams/table-events.ts';
import { activationTokens, eventually, registerAndActivate } from '../support/accounts.ts';
import { itemsOf, postJson } from '../support/booking-fixtures.ts';
import { postFrom } from '../support/from-address.ts';
import { useTestStack } from '../support/local-stack.ts';
import { readOutbox } from '../support/outbox.ts';

const stack = useTestStack();

// node:crypto's scrypt, counted, so a test can see that a request hashed a password (the real function does the work).
const scryptCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof Crypto>();
  const scrypt = (...args: unknown[]) => {
    scryptCalls.count += 1;
    return (crypto.scrypt as (...all: unknown[]) => void)(...args);
  };
  return { ...crypto, scrypt, default: { ...crypto, scrypt } };
});

afterEach(() => vi.restoreAllMocks());

const register = (email: string, password = 'monsoon-forest', name = 'Meera Iyer') =>
  postJson(`${stack.api}/auth?action=register`, { name, email, password, phone: '99887 76655' });
const login = (email: string, password: string) => postJson(`${stack.api}/auth?action=login`, { email, password });
const activateWith = (token: string) => postJson(`${stack.api}/auth/activate`, { token });
const mailsTo = async (email: string) => (await readOutbox()).filter((mail) => mail.to === email);

/** An account that signs in today, made the way an admin makes one (active, a real password). */
const existingAccount = async (email: string, password: string) =>
  createUser({ name: 'Owner Of The Address', email, role: 'customer', passwordHash: await hashPassword(password) });

describe('signing up tells nobody who has an account', () => {
  it('answers a new, a taken and an unverified address with the same status and body, hashing the password each time', async () => {
    await existingAccount('taken@example.in', 'the-owners-password');
    const answers: Array<{ status: number; body: unknown }> = [];
    const hashes: number[] = [];
    for (const email of ['brand-new@example.in', 'taken@example.in', 'brand-new@example.in']) {
      const before = scryptCalls.count;
      answers.push(await register(email));
      hashes.push(scryptCalls.count - before);
    }
    const [fresh, taken, unverified] = answers;
    expect(fresh).toMatchObject({ status: 202, body: { success: true, data: { message: SIGNUP_MESSAGE } } });
    expect(taken?.status).toBe(fresh?.status);
    expect(taken?.body).toEqual(fresh?.body);
    expect(unverified?.status).toBe(fresh?.status);
    expect(unverified?.body).toEqual(fresh?.body);
    // The same work either way: one scrypt per sign-up, whether or not anything is stored.
    expect(hashes).toEqual([1, 1, 1]);
  });

  it('e-mails a new address its activation link, and a taken one a note, changing nothing about the existing account', async () => {
    const owner = await existingAccount('owner@example.in', 'the-owners-password');
    const storedBefore = await getItem(userKeys.item(owner.id), true);
    expect((await register('newcomer@example.in')).status).toBe(202);
    expect((await register('OWNER@example.in', 'a-strangers-password', 'Stranger')).status).toBe(202);

    const activation = await eventually(async () => (await mailsTo('newcomer@example.in'))[0]);
    expect(activation.subject).toBe('Activate your Forest Resort account');
    expect(activation.text).toContain('Dear Meera Iyer');
    expect(activation.text).toMatch(/Activate your account: http:\/\/localhost:\d+\/account\/activate\?token=[\w.-]+/);
    expect(activation.html).toContain('/account/activate?token=');

    const note = await eventually(async () => (await mailsTo('owner@example.in'))[0]);
    expect(note.subject).toBe('Someone tried to sign up with your e-mail at Forest Resort');
    expect(note.text).toContain('Dear Owner Of The Address');
    expect(note.text).toContain('nothing about your account has changed');
    expect(note.text).toMatch(/Sign in: http:\/\/localhost:\d+\/account\/sign-in/);
    expect(note.text).toContain('Forgotten your password?');
    expect(note.text).not.toContain('activate?token=');
    expect(note.text).not.toContain('Stranger');

    // One mail each, and the existing account is as it was: its password signs in, the stranger's does not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo('newcomer@example.in')).toHaveLength(1);
    expect(await mailsTo('owner@example.in')).toHaveLength(1);
    expect(await getItem(userKeys.item(owner.id), true)).toEqual(storedBefore);
    expect((await login('owner@example.in', 'the-owners-password')).status).toBe(200);
    expect((await login('owner@example.in', 'a-strangers-password')).status).toBe(401);
    expect((await itemsOf('user')).filter((user) => user.email === 'owner@example.in')).toHaveLength(1);
  });

  it('writes both sign-up e-mails in the language the sign-up was made in, and refuses a language it does not speak', async () => {
    await existingAccount('eigner@example.in', 'the-owners-password');
    const inHindi = (email: string) => postJson(`${stack.api}/auth?action=register`, { name: 'मीरा अय्यर', email, password: 'monsoon-forest', language: 'hi' });
    expect((await inHindi('naya@example.in')).status).toBe(202);
    expect((await inHindi('eigner@example.in')).status).toBe(202);

    const activation = await eventually(async () => (await mailsTo('naya@example.in'))[0]);
    expect(activation.subject).toBe('अपना Forest Resort खाता चालू करें');
    expect(activation.text).toContain('प्रिय मीरा अय्यर, Forest Resort में खाता बनाने के लिए धन्यवाद।');
    expect(activation.text).toMatch(/अपना खाता चालू करें: http:\/\/localhost:\d+\/account\/activate\?token=[\w.-]+/);
    expect(activation.html).toContain('<html lang="hi">');
    expect(activation.text).not.toMatch(/Dear|Activate|Link expired/);
    const note = await eventually(async () => (await mailsTo('eigner@example.in'))[0]);
    expect(note.subject).toBe('Forest Resort में किसी ने आपके ई-मेल से साइन अप करने की कोशिश की');
    expect(note.text).toContain('इस पते का खाता पहले से है');

    const refused = await postJson(`${stack.api}/auth?action=register`, { name: 'X', email: 'fr@example.in', password: 'monsoon-forest', language: 'fr' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Language must be one of: en, hi');
  });

  it('keeps a new account from signing in until it is activated, and says so only to the right password', async () => {
    expect((await register('not-yet@example.in', 'monsoon-forest')).status).toBe(202);
    const stored = (await itemsOf('user')).find((user) => user.email === 'not-yet@example.in');
    expect(stored).toMatchObject({ status: 'pending', role: 'customer', awaiting_activation: true });

    const right = await login('not-yet@example.in', 'monsoon-forest');
    expect(right).toMatchObject({ status: 403, body: { success: false, error: ACTIVATE_FIRST_MESSAGE } });
    expect(right.body.data).toBeUndefined();
    // A wrong password is told what an unknown address is told.
    const wrong = await login('not-yet@example.in', 'a-wrong-guess');
    const unknown = await login('nobody-at-all@example.in', 'a-wrong-guess');
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Invalid email or password' } });
    expect(wrong.body).toEqual(unknown.body);
  });
});

describe('activating an account from its e-mailed link', () => {
  it('activates and signs in once; the link is used up after that', async () => {
    expect((await register('activate-me@example.in', 'monsoon-forest')).status).toBe(202);
    const token = await eventually(async () => (await activationTokens('activate-me@example.in'))[0]);

    // Another link's signature, or a changed one, activates nothing.
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await activateWith(tampered)).toMatchObject({ status: 400, body: { code: 'activation_invalid' } });
    expect(await activateWith('not-a-token')).toMatchObject({ status: 400, body: { code: 'activation_invalid' } });

    const activated = await activateWith(token);
    expect(activated.status).toBe(200);
    expect(activated.body.data.user).toMatchObject({ email: 'activate-me@example.in', name: 'Meera Iyer', role: 'customer' });
    const profile = await fetch(`${stack.api}/auth/profile`, { headers: { authorization: `Bearer ${activated.body.data.token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: Record<string, unknown> }).data).toMatchObject({ status: 'active', phone: '9988776655' });
    expect((await login('activate-me@example.in', 'monsoon-forest')).status).toBe(200);

    const again = await activateWith(token);
    expect(again).toMatchObject({ status: 400, body: { success: false, code: 'activation_invalid' } });
    expect(again.body.error).toContain('not valid or has already been used');
    const stored = (await itemsOf('user')).find((user) => user.email === 'activate-me@example.in');
    expect(stored?.status).toBe('active');
    expect(stored).not.toHaveProperty('awaiting_activation');
  });

  it('refuses an expired link (410, with the way to a new one); registering again sends a new link that works', async () => {
    expect((await register('too-late@example.in', 'monsoon-forest')).status).toBe(202);
    const first = await eventually(async () => (await activationTokens('too-late@example.in'))[0]);
    // The link's 48 hours have passed.
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: signupKeys.attempt(first.split('.')[0] ?? ''),
        UpdateExpression: 'SET activation_expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 60_000).toISOString() },
      }),
    );
    const expired = await activateWith(first);
    expect(expired).toMatchObject({ status: 410, body: { success: false, code: 'activation_expired' } });
    expect(expired.body.error).toBe('This activation link has expired. Register again with the same e-mail address and we will send you a new one.');
    expect((await login('too-late@example.in', 'monsoon-forest')).status).toBe(403);

    expect((await register('too-late@example.in', 'monsoon-forest')).status).toBe(202);
    const second = await eventually(async () => (await activationTokens('too-late@example.in'))[1]);
    expect((await activateWith(second)).status).toBe(200);
  });

  it('sends an unverified account a fresh link when it registers again (not a note); each link activates the details it was sent for', async () => {
    expect((await register('twice@example.in', 'first-password')).status).toBe(202);
    expect((await register('twice@example.in', 'second-password', 'Meera R Iyer')).status).toBe(202);
    const tokens = await eventually(async () => {
      const found = await activationTokens('twice@example.in');
      return found.length === 2 ? found : undefined;
    });
    const mails = await mailsTo('twice@example.in');
    expect(mails.map((mail) => mail.subject)).toEqual(['Activate your Forest Resort account', 'Activate your Forest Resort account']);
    // A sign-in before activation checks the latest password.
    expect((await login('twice@example.in', 'second-password')).status).toBe(403);

    // The first link activates the first sign-up's password (someone else's later sign-up cannot change it), once.
    const activated = await activateWith(tokens[0] ?? '');
    expect(activated.status).toBe(200);
    expect(activated.body.data.user.name).toBe('Meera Iyer');
    expect((await login('twice@example.in', 'first-password')).status).toBe(200);
    expect((await login('twice@example.in', 'second-password')).status).toBe(401);
    expect((await activateWith(tokens[1] ?? '')).status).toBe(400);
  });

  it('the helper every other test registers with goes through the same link', async () => {
    const signedIn = await registerAndActivate(stack.api, { name: 'Kiran Das', email: 'kiran.helper@example.in', password: 'monsoon-forest' });
    expect(signedIn.user).toMatchObject({ email: 'kiran.helper@example.in', role: 'customer' });
  });
});

describe('the sign-up e-mail is sent once per sign-up', () => {
  it('even when the stream delivers its record again (a retried batch)', async () => {
    const signupId = randomUUID();
    const item = {
      ...signupKeys.attempt(signupId),
      entity: 'signup',
      id: signupId,
      kind: 'taken',
      userId: 'u-1',
      email: 'retried@example.in',
      name: 'Retried Owner',
      created_at: new Date().toISOString(),
    };
    const event = {
      Records: [{ eventID: `signup-${signupId}`, eventName: 'INSERT', dynamodb: { SequenceNumber: '1', NewImage: marshall(item) } }],
    } as unknown as DynamoDBStreamEvent;
    expect(await tableEvents(event)).toEqual({ batchItemFailures: [] });
    expect(await tableEvents(event)).toEqual({ batchItemFailures: [] });
    expect(await mailsTo('retried@example.in')).toHaveLength(1);
  });
});

describe('sign-ups are limited per client address', () => {
  it('answers 429 with Retry-After past the limit, for that address only', async () => {
    const previous = process.env.SIGNUP_LIMIT;
    process.env.SIGNUP_LIMIT = '3';
    try {
      const url = `${stack.api}/auth?action=register`;
      const body = (index: number) => ({ name: 'Busy Network', email: `busy-${index}@example.in`, password: 'monsoon-forest' });
      for (let index = 0; index < 3; index += 1) expect((await postFrom('127.0.0.21', url, body(index))).status).toBe(202);
      const refused = await postFrom('127.0.0.21', url, body(3));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false });
      expect(refused.body.error).toMatch(/^Too many sign-ups from your network\. Please try again in \d+ minutes?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      // Nothing was stored or mailed for the refused one.
      expect((await itemsOf('user')).some((user) => user.email === 'busy-3@example.in')).toBe(false);
      // Another address is not held back.
      expect((await postFrom('127.0.0.22', url, body(4))).status).toBe(202);
    } finally {
      process.env.SIGNUP_LIMIT = previous;
    }
  });
});
