import { useCottages } from '../api/get-cottages';

/** The display name of a villa type, from the catalogue already loaded for step 1. */
export function useStayKindName(type: string): string | undefined {
  const cottages = useCottages();
  if (!type) return undefined;
  return cottages.data?.find((cottage) => cottage.type === type)?.name;
}
