import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A small persistence of chosen queries' data in localStorage, so a guest whose network drops can
 * still browse what was last fetched (docs/product.md#offline). Only the queries named are kept (the
 * catalogue: villas, packages, safaris), each as its data and the time it was fetched; nothing
 * personal, no quotes. Restored data keeps its age, so it is stale and refetched as soon as the
 * network allows. Each query brings its own check: data the current build cannot read is dropped.
 *
 * Not @tanstack/react-query-persist-client: it keeps the whole dehydrated client under one key,
 * rewrites it on every cache event (restores and the app's own setQueryData included), restores
 * after a tick rather than before the first fetch, and costs more first-load JavaScript than the
 * guest budget has left (test/web/bundle-split.test.ts).
 */
export type PersistedQuery = { queryKey: QueryKey; isValid: (data: unknown) => boolean };

export type PersistenceOptions = {
  /** Prefix of the localStorage keys. */
  storageKey?: string;
  /** Older data is not restored (and is removed). */
  maxAgeMs?: number;
  now?: () => number;
};

type Stored = { savedAt: number; data: unknown };

export const DEFAULT_STORAGE_KEY = 'forestResort_catalogue';
export const DEFAULT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

const entryKey = (prefix: string, queryKey: QueryKey) => `${prefix}:${hashKey(queryKey)}`;

function read(key: string): Stored | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<Stored> | null;
    return parsed && typeof parsed.savedAt === 'number' && 'data' in parsed ? { savedAt: parsed.savedAt, data: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage refused: nothing to clean.
  }
}

/**
 * Puts the stored data of each query into the client, unless the client already holds data for
 * it, the stored copy is too old, or it fails its check. Returns how many queries were restored.
 */
export function restorePersistedQueries(client: QueryClient, queries: PersistedQuery[], options: PersistenceOptions = {}): number {
  const prefix = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const now = (options.now ?? Date.now)();
  let restored = 0;
  for (const { queryKey, isValid } of queries) {
    const key = entryKey(prefix, queryKey);
    const stored = read(key);
    if (!stored) continue;
    if (now - stored.savedAt > (options.maxAgeMs ?? DEFAULT_MAX_AGE_MS) || stored.savedAt > now || !isValid(stored.data)) {
      remove(key);
      continue;
    }
    if (client.getQueryData(queryKey) !== undefined) continue;
    client.setQueryData(queryKey, stored.data, { updatedAt: stored.savedAt });
    restored += 1;
  }
  return restored;
}

/** Writes each named query's data to localStorage whenever it is fetched successfully. Returns the unsubscribe. */
export function persistQueries(client: QueryClient, queries: PersistedQuery[], options: Pick<PersistenceOptions, 'storageKey'> = {}): () => void {
  const prefix = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const wanted = new Map(queries.map((query) => [hashKey(query.queryKey), query]));
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const query = wanted.get(event.query.queryHash);
    if (!query) return;
    const { data, dataUpdatedAt } = event.query.state;
    if (!query.isValid(data)) return;
    try {
      localStorage.setItem(entryKey(prefix, query.queryKey), JSON.stringify({ savedAt: dataUpdatedAt, data } satisfies Stored));
    } catch (error) {
      // Full or refused storage: the site works the same, only without the offline copy.
      console.warn('Could not keep the catalogue for offline browsing', error);
    }
  });
}
