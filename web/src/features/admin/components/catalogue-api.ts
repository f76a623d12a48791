import { useQuery, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { adminRequest } from '../api/admin-request';

/*
 * The catalogue tabs' calls, whatever the kind (cottages, packages, safaris): each kind names its
 * endpoints and the schemas its answers are checked with (its *-api.ts); the list, save, delete
 * and stats calls and their query keys are built here once.
 */

export type CatalogueEndpoints = {
  list: string;
  create: string;
  update: (id: string) => string;
  remove: (id: string) => string;
};

export type CatalogueApi<Item, Body> = {
  /** The admin list's key (every admin query of the kind is under it) and the guest site's, both refreshed after a change. */
  keys: { all: QueryKey; guest: QueryKey };
  list: (options: { signal?: AbortSignal }) => Promise<Item[]>;
  /** Creates (no id) or updates the item. */
  save: (id: string | undefined, body: Body) => Promise<Item>;
  remove: (id: string) => Promise<unknown>;
};

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

export function catalogueApi<Item, Body>(options: {
  keys: { all: QueryKey; guest: QueryKey };
  endpoints: CatalogueEndpoints;
  schema: z.core.$ZodType<Item>;
}): CatalogueApi<Item, Body> {
  const { endpoints, schema } = options;
  return {
    keys: options.keys,
    list: ({ signal }) => adminRequest(endpoints.list, z.array(schema), withSignal(signal)),
    save: (id, body) =>
      id ? adminRequest(endpoints.update(id), schema, { method: 'PUT', body }) : adminRequest(endpoints.create, schema, { method: 'POST', body }),
    remove: (id) => adminRequest(endpoints.remove(id), z.unknown(), { method: 'DELETE' }),
  };
}

/** Where a kind's figures are, and their shape. */
export type CatalogueStats<Stats> = { path: string; schema: z.core.$ZodType<Stats> };

/** A kind's figures for its stat cards (packages, safaris), under the kind's admin key. */
export function useCatalogueStats<Stats>(api: { keys: { all: QueryKey } }, stats: CatalogueStats<Stats>) {
  return useQuery({ queryKey: [...api.keys.all, 'stats'], queryFn: ({ signal }) => adminRequest(stats.path, stats.schema, withSignal(signal)) });
}
