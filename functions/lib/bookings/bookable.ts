import { stayKinds, type Cottage, type Safari, type StayPackage } from '../../../shared/catalogue.ts';
import { cottages, safaris, stayPackages } from '../db/catalogue.ts';
import { NotFoundError } from '../domain-errors.ts';
import { isBookableCottage } from '../listing-rules.ts';

/** `{id}` of the availability routes and `cottageType` of a booking: a villa type slug or one cottage's id. */
export async function resolveUnits(idOrType: string): Promise<[Cottage, ...Cottage[]]> {
  const isType = (stayKinds as readonly string[]).includes(idOrType);
  const units = isType
    ? (await cottages.list()).filter((cottage) => cottage.type === idOrType && isBookableCottage(cottage)).sort((a, b) => a.id.localeCompare(b.id))
    : [await cottages.get(idOrType)].filter((cottage): cottage is Cottage => cottage !== undefined && isBookableCottage(cottage));
  const [first, ...rest] = units;
  if (!first) throw new NotFoundError(`Villa '${idOrType}' was not found`);
  return [first, ...rest];
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
