import { randomUUID } from 'node:crypto';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { postFrom } from '../support/from-address.ts';

/**
 * A burst of sign-ins against availability checks (issue 16): `npm start` serves every route in one
 * process, and scrypt runs on libuv's pool of 4 threads that DNS, file I/O and so the DynamoDB
 * client share. functions/lib/passwords.ts lets at most 2 hashes run at once; this measures what
 * that leaves for guests browsing while `SIGN_INS` sign-ins queue: availability checks one after
 * another, unloaded and during the burst. Needs the function environment of the stack at `base`
 * (the accounts are written straight to its table).
 */
const SIGN_INS = 40;
const CHECKS = 20;

type Burst = {
  signIns: number;
  signInsOk: number;
  burstMs: number;
  availabilityUnloaded: { p50: number; max: number };
  availabilityDuringBurst: { p50: number; max: number; checks: number };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

export async function measureSignInBurst(base: string): Promise<Burst> {
  const [{ createUser }, { hashPassword }] = await Promise.all([import('../../functions/lib/db/users.ts'), import('../../functions/lib/passwords.ts')]);
  const password = 'bench-sign-in-password';
  const passwordHash = await hashPassword(password);
  const emails = Array.from({ length: SIGN_INS }, (_, index) => `bench-sign-in-${index}-${randomUUID().slice(0, 8)}@example.in`);
  for (const email of emails) await createUser({ name: 'Bench Sign-in', email, role: 'customer', passwordHash });

  const today = resortToday();
  const body = JSON.stringify({ checkIn: addDaysIso(today, 40), checkOut: addDaysIso(today, 42), guests: 2, rooms: 1 });
  const check = async () => {
    const started = performance.now();
    await fetch(`${base}/api/cottages/hornbill-villa/availability`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
      (response) => response.arrayBuffer(),
    );
    return performance.now() - started;
  };
  const unloaded: number[] = [];
  for (let index = 0; index < CHECKS; index += 1) unloaded.push(await check());

  const started = performance.now();
  let done = false;
  const burst = Promise.all(
    emails.map(
      async (email, index) =>
        (await postFrom(`127.0.${1 + Math.floor(index / 200)}.${2 + (index % 200)}`, `${base}/api/auth?action=login`, { email, password })).status,
    ),
  );
  void burst.finally(() => (done = true));
  const during: number[] = [];
  while (!done && during.length < 500) during.push(await check());
  const statuses = await burst;
  return {
    signIns: SIGN_INS,
    signInsOk: statuses.filter((status) => status === 200).length,
    burstMs: Math.round(performance.now() - started),
    availabilityUnloaded: { p50: round(median(unloaded)), max: round(Math.max(...unloaded)) },
    availabilityDuringBurst: { p50: round(median(during)), max: round(Math.max(0, ...during)), checks: during.length },
  };
}
