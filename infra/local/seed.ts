import { cottageWrites } from '../../functions/lib/db/cottage-writes.ts';
import { packageWrites } from '../../functions/lib/db/package-writes.ts';
import { safariWrites } from '../../functions/lib/db/safari-writes.ts';
import { createMissingStayTypes, moveLegacyPricingRules, moveToSnakeCase } from '../../functions/lib/db/local-migrations.ts';
import { stayTypeWrites } from '../../functions/lib/db/stay-type-writes.ts';
import { isSeeded, markSeeded } from '../../functions/lib/db/seed-marker.ts';
import { createUser, EmailTakenError, findUserByEmail } from '../../functions/lib/db/users.ts';
import { hashPassword } from '../../functions/lib/passwords.ts';
import { putPricingRule } from '../../functions/lib/db/pricing-rule-writes.ts';
import { SAMPLE_GUEST } from './environment.ts';
import { sampleCottages, samplePackages, samplePricingRules, sampleSafaris, sampleStayTypes } from './sample-data.ts';

/**
 * Writes the sample catalogue on first start only: the marker is written last, so an interrupted
 * seed runs again, and a second start leaves the guests' and staff's changes alone.
 */
export async function seedSampleData(): Promise<boolean> {
  // First: everything below reads today's attribute names.
  await moveToSnakeCase();
  // The sample guest is checked on every start, so data seeded before it existed gains it too.
  await ensureSampleGuest();
  await moveLegacyPricingRules();
  if (await isSeeded()) {
    // Data seeded while villa types were fixed in code gains their items.
    await createMissingStayTypes();
    return false;
  }
  await Promise.all([
    ...sampleStayTypes.map((type) => stayTypeWrites.put(type)),
    ...sampleCottages.map((cottage) => cottageWrites.put(cottage)),
    ...samplePackages.map((stayPackage) => packageWrites.put(stayPackage)),
    ...sampleSafaris.map((safari) => safariWrites.put(safari)),
    ...samplePricingRules.map((rule) => putPricingRule(rule)),
  ]);
  await markSeeded();
  return true;
}

/** The local sample guest, kept like the admin: created whenever it is missing, even on older data. */
async function ensureSampleGuest(): Promise<void> {
  if (await findUserByEmail(SAMPLE_GUEST.email)) return;
  try {
    await createUser({ name: SAMPLE_GUEST.name, email: SAMPLE_GUEST.email, role: 'customer', passwordHash: await hashPassword(SAMPLE_GUEST.password) });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
}
