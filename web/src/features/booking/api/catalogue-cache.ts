import * as v from 'valibot';
import { cottageSchema } from '@shared/catalog-schemas';
import type { PersistedQuery } from '@/lib/query-persistence';
import { getCottagesQueryOptions } from './get-cottages';
import { getPackagesQueryOptions } from './get-packages';
import { getSafarisQueryOptions } from './get-safaris';
import { safariSchema, stayPackageSchema } from './schemas';

const cottageList = v.array(cottageSchema);
const packageList = v.array(stayPackageSchema);
const safariList = v.array(safariSchema);

/**
 * The catalogue kept in localStorage for browsing offline (DESIGN section 6): villas, packages and
 * safaris, each checked against the schema its query parses with before it is restored.
 */
export const persistedCatalogue: PersistedQuery[] = [
  { queryKey: getCottagesQueryOptions().queryKey, isValid: (data) => v.is(cottageList, data) },
  { queryKey: getPackagesQueryOptions().queryKey, isValid: (data) => v.is(packageList, data) },
  { queryKey: getSafarisQueryOptions().queryKey, isValid: (data) => v.is(safariList, data) },
];
