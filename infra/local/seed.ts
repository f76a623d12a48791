import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { cottages, safaris, stayPackages } from '../../functions/lib/db/catalog.ts';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { seedMarkerKeys } from '../../functions/lib/db/keys.ts';
import { getItem } from '../../functions/lib/db/query.ts';
import { createUser, EmailTakenError, findUserByEmail, setUserCredentials } from '../../functions/lib/db/users.ts';
import { hashPassword, verifyPassword } from '../../functions/lib/passwords.ts';
import { putPricingRule } from '../../functions/lib/db/pricing-rules.ts';
import { SAMPLE_GUEST } from './environment.ts';
import { sampleCottages, samplePackages, samplePricingRules, sampleSafaris } from './sample-data.ts';

export type AdminAccount = { email: string; password: string; name: string };

/**
 * Writes the sample catalogue on first start only: the marker is written last, so an interrupted
 * seed runs again, and a second start leaves the guests' and staff's changes alone.
 */
export async function seedSampleData(): Promise<boolean> {
  if (await getItem(seedMarkerKeys, true)) return false;
  await Promise.all([
    ...sampleCottages.map((cottage) => cottages.put(cottage)),
    ...samplePackages.map((stayPackage) => stayPackages.put(stayPackage)),
    ...sampleSafaris.map((safari) => safaris.put(safari)),
    ...samplePricingRules.map((rule) => putPricingRule(rule)),
  ]);
  await ensureSampleGuest();
  await documentClient.send(
    new PutCommand({ TableName: tableName, Item: { ...seedMarkerKeys, entity: 'seed', seededAt: new Date().toISOString() } }),
  );
  return true;
}

/** The local sample guest, kept like the admin: created whenever it is missing, even on older data. */
export async function ensureSampleGuest(): Promise<void> {
  if (await findUserByEmail(SAMPLE_GUEST.email)) return;
  try {
    await createUser({ name: SAMPLE_GUEST.name, email: SAMPLE_GUEST.email, role: 'customer', passwordHash: await hashPassword(SAMPLE_GUEST.password) });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
}

/**
 * Makes sure the local admin can sign in with the given credentials: created if missing; if it
 * exists with another password or role (ADMIN_PASSWORD changed), its credentials are reset.
 */
export async function ensureAdmin(admin: AdminAccount): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findUserByEmail(admin.email);
  if (existing) {
    if (existing.role === 'admin' && (await verifyPassword(admin.password, existing.passwordHash))) return 'unchanged';
    await setUserCredentials(existing.id, { passwordHash: await hashPassword(admin.password), role: 'admin' });
    return 'updated';
  }
  try {
    await createUser({ name: admin.name, email: admin.email, role: 'admin', passwordHash: await hashPassword(admin.password) });
    return 'created';
  } catch (error) {
    if (error instanceof EmailTakenError) return ensureAdmin(admin);
    throw error;
  }
}
