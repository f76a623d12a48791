import { z } from 'zod/mini';
import { cottageSchema } from '@shared/catalogue-schemas';
import type { PersistedQuery } from '@/lib/query-persistence';
import { getCottagesQueryOptions } from './get-cottages';
import { getPackagesQueryOptions } from './get-packages';
import { getSafarisQueryOptions } from './get-safaris';
import { safariSchema, stayPackageSchema } from './schemas';

const cottageList = z.array(cottageSchema);
const packageList = z.array(stayPackageSchema);
const safariList = z.array(safariSchema);

/**
 * The catalogue kept in localStorage for browsing offline (docs/product.md#offline): villas, packages and
 * safaris, each checked against the schema its query parses with before it is restored.
 */
export const persistedCatalogue: PersistedQuery[] = [
  { queryKey: getCottagesQueryOptions().queryKey, isValid: (data) => z.safeParse(cottageList, data).success },
  { queryKey: getPackagesQueryOptions().queryKey, isValid: (data) => z.safeParse(packageList, data).success },
  { queryKey: getSafarisQueryOptions().queryKey, isValid: (data) => z.safeParse(safariList, data).success },
];
