import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { persistedCatalogue } from '@/features/booking/api/catalogue-cache';
import { DEFAULT_MAX_AGE_MS, persistQueries, restorePersistedQueries, type PersistedQuery } from '@/lib/query-persistence';
import { sampleCottages, samplePackages, sampleSafaris } from '../../infra/local/sample-data.ts';

const isList = (data: unknown) => Array.isArray(data) && data.every((item) => typeof (item as { id?: unknown }).id === 'string');
const queries: PersistedQuery[] = [
  { queryKey: ['cottages'], isValid: isList },
  { queryKey: ['packages'], isValid: isList },
];
const villas = [{ id: 'hornbill-1', name: 'Hornbill Villa' }];
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
const stored = () => Object.keys(localStorage).filter((key) => key.startsWith('forestResort_catalogue'));

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('keeping the catalogue for offline browsing', () => {
  it('writes a named query when it is fetched, and a later visit starts with it, stale so that it is fetched again', async () => {
    // Prepare
    const first = newClient();
    const stop = persistQueries(first, queries);
    // Act
    await first.fetchQuery({ queryKey: ['cottages'], queryFn: () => villas });
    await first.fetchQuery({ queryKey: ['stay-quote', { checkIn: '2026-12-01' }], queryFn: () => ({ total: 1 }) });
    stop();
    // Assess: only the catalogue query, nothing else
    expect(stored()).toEqual(['forestResort_catalogue:["cottages"]']);

    const later = newClient();
    expect(restorePersistedQueries(later, queries)).toBe(1);
    expect(later.getQueryData(['cottages'])).toEqual(villas);
    expect(later.getQueryState(['cottages'])?.dataUpdatedAt).toBe(first.getQueryState(['cottages'])?.dataUpdatedAt);
    expect(later.getQueryData(['packages'])).toBeUndefined();
  });

  it('does not write back what it restored or what the app set by hand, and never replaces data the client already has', async () => {
    localStorage.setItem('forestResort_catalogue:["cottages"]', JSON.stringify({ savedAt: Date.now() - 1000, data: villas }));
    const client = newClient();
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const stop = persistQueries(client, queries);
    restorePersistedQueries(client, queries);
    client.setQueryData(['packages'], [{ id: 'by-hand' }]);
    expect(setItem).not.toHaveBeenCalled();
    stop();

    const busy = newClient();
    busy.setQueryData(['cottages'], [{ id: 'fresh' }]);
    expect(restorePersistedQueries(busy, queries)).toBe(0);
    expect(busy.getQueryData(['cottages'])).toEqual([{ id: 'fresh' }]);
  });

  it('drops a copy that is too old, from the future, unreadable or of another shape', () => {
    const now = Date.UTC(2026, 10, 22);
    localStorage.setItem('forestResort_catalogue:["cottages"]', JSON.stringify({ savedAt: now - DEFAULT_MAX_AGE_MS - 1, data: villas }));
    localStorage.setItem('forestResort_catalogue:["packages"]', JSON.stringify({ savedAt: now, data: [{ name: 'no id' }] }));
    const client = newClient();
    expect(restorePersistedQueries(client, queries, { now: () => now })).toBe(0);
    expect(stored()).toEqual([]);

    localStorage.setItem('forestResort_catalogue:["cottages"]', '{not json');
    localStorage.setItem('forestResort_catalogue:["packages"]', JSON.stringify({ savedAt: now + 60_000, data: villas }));
    expect(restorePersistedQueries(client, queries, { now: () => now })).toBe(0);
    expect(client.getQueryData(['cottages'])).toBeUndefined();
  });

  it('keeps working when storage refuses to write (full, or private browsing)', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = newClient();
    const stop = persistQueries(client, queries);
    await expect(client.fetchQuery({ queryKey: ['cottages'], queryFn: () => villas })).resolves.toEqual(villas);
    expect(warn).toHaveBeenCalledOnce();
    stop();
  });

  it("checks the wizard's villas, packages and safaris with the schemas their queries parse with", () => {
    const [cottages, packages, safaris] = persistedCatalogue;
    expect(persistedCatalogue.map((query) => query.queryKey)).toEqual([['cottages'], ['packages'], ['safaris']]);
    expect(cottages?.isValid(sampleCottages)).toBe(true);
    expect(packages?.isValid(samplePackages)).toBe(true);
    expect(safaris?.isValid(sampleSafaris)).toBe(true);
    expect(cottages?.isValid(samplePackages)).toBe(false);
    expect(safaris?.isValid([{ id: 'x' }])).toBe(false);
  });
});
