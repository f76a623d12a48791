import type { Safari, StayPackage } from '../../../shared/catalogue.ts';
import { offeredStay, type Stay } from '../catalogue/guest-stay-kinds.ts';
import { safaris, stayPackages } from '../db/catalogue.ts';
import { NotFoundError } from '../domain-errors.ts';

/** `{id}` of the availability routes and `cottageType` of a booking: a villa type's id or one cottage's, as guests may book it now. */
export async function resolveStay(idOrType: string): Promise<Stay> {
  const stay = await offeredStay(idOrType);
  if (!stay) throw new NotFoundError(`Villa '${idOrType}' was not found`);
  return stay;
}

export async function bookablePackage(id: string): Promise<StayPackage> {
  const stayPackage = await stayPackages.get(id);
  if (!stayPackage?.is_active) throw new NotFoundError(`Package '${id}' was not found`);
  return stayPackage;
}

export async function bookableSafari(id: string): Promise<Safari> {
  const safari = await safaris.get(id);
  if (!safari?.is_active) throw new NotFoundError(`Safari '${id}' was not found`);
  return safari;
}
