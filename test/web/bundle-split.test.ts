import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { webRoot } from '../../infra/local/web-build.ts';

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };
const manifest = JSON.parse(readFileSync(join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

/** Every chunk the browser loads eagerly for a page: the entry and its static imports. */
function eagerChunks(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) eagerChunks(child, seen);
  return seen;
}

/** The guest route's first-load budget: gzip of the entry chunk and everything it statically imports. */
const GUEST_INITIAL_JS_BUDGET_BYTES = 120 * 1024;

const entryKey = (): string => Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0] ?? '';

describe('web bundle', () => {
  it('keeps the admin portal out of what guests download: every admin module is reached only through a lazy import', () => {
    const eager = [...eagerChunks(entryKey())];
    const isAdmin = (key: string) => key.includes('features/admin/');
    expect(eager.filter(isAdmin)).toEqual([]);
    // What the build made of the admin feature, found in the manifest rather than listed here.
    const adminModules = Object.keys(manifest).filter(isAdmin);
    expect(adminModules.length).toBeGreaterThanOrEqual(3);
    const lazyFromAnywhere = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    for (const module of adminModules)
      expect(lazyFromAnywhere.has(module) || eager.every((key) => !(manifest[key]?.imports ?? []).includes(module)), module).toBe(true);
    const guestCode = eager.map((key) => readFileSync(join(webRoot, manifest[key]?.file ?? ''), 'utf8')).join('\n');
    expect(guestCode).not.toContain('Sign in to manage');
    expect(guestCode).not.toContain('Welcome, ');
    expect(guestCode).toContain('Select your dates at the resort');
  });

  it('loads managing a booking and the guest account only when a guest opens them (lazy route chunks)', () => {
    const eager = [...eagerChunks(entryKey())];
    const isLazyGuestFeature = (key: string) => key.includes('features/manage/') || key.includes('features/account/');
    expect(eager.filter(isLazyGuestFeature)).toEqual([]);
    const lazyFromAnywhere = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    const pages = Object.keys(manifest).filter((key) => isLazyGuestFeature(key) && key.endsWith('-page.tsx'));
    // find a booking, manage it, sign in, register, activate, my bookings, profile
    expect(pages.length).toBe(7);
    for (const page of pages) expect(lazyFromAnywhere.has(page), page).toBe(true);
  });

  it('keeps the calendar file builder out of the first load: it comes with the booking result, a lazy chunk', () => {
    const eager = [...eagerChunks(entryKey())];
    const read = (key: string) => readFileSync(join(webRoot, manifest[key]?.file ?? ''), 'utf8');
    expect(eager.filter((key) => read(key).includes('BEGIN:VCALENDAR'))).toEqual([]);
    const withBuilder = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js') && read(key).includes('BEGIN:VCALENDAR'));
    expect(withBuilder.length).toBeGreaterThan(0);
    const lazyFromAnywhere = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    for (const key of withBuilder) expect(lazyFromAnywhere.has(key), key).toBe(true);
  });

  it('keeps Hindi out of the first load: its messages are one lazy chunk, fetched when a guest chooses it', () => {
    const eager = [...eagerChunks(entryKey())];
    const read = (key: string) => readFileSync(join(webRoot, manifest[key]?.file ?? ''), 'utf8');
    const hindiHeading = 'रिज़ॉर्ट में अपनी तारीखें चुनें';
    expect(eager.filter((key) => read(key).includes(hindiHeading))).toEqual([]);
    const withHindi = Object.keys(manifest).filter((key) => manifest[key]?.file.endsWith('.js') && read(key).includes(hindiHeading));
    expect(withHindi).toHaveLength(1);
    const lazyFromAnywhere = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
    expect(lazyFromAnywhere.has(withHindi[0] ?? '')).toBe(true);
  });

  it("bundles React Router's production build: its package points every build at its development one", () => {
    // Prepare
    const maps = [...eagerChunks(entryKey())].map((key) => join(webRoot, `${manifest[key]?.file ?? ''}.map`)).filter((map) => existsSync(map));
    const sources = maps.flatMap((map) => (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources);
    // Act
    const router = sources.filter((source) => source.includes('node_modules/react-router/'));
    // Assess
    expect(router.length).toBeGreaterThan(0);
    expect(router.filter((source) => !source.includes('/dist/production/'))).toEqual([]);
  });

  it("keeps the guest route's initial JavaScript within 120 KB gzip (entry and its static imports, transitively)", () => {
    // Prepare
    const eager = [...eagerChunks(entryKey())];
    // Act
    const sizes = eager.map((key) => ({ file: manifest[key]?.file ?? '', gzip: gzipSync(readFileSync(join(webRoot, manifest[key]?.file ?? ''))).length }));
    const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
    console.info(
      `guest initial JS: ${(total / 1024).toFixed(1)} KB gzip in ${sizes.length} files (${sizes.map(({ file, gzip }) => `${file} ${(gzip / 1024).toFixed(1)}`).join(', ')})`,
    );
    // Assess
    expect(sizes.every(({ file }) => file.endsWith('.js'))).toBe(true);
    expect(total).toBeLessThanOrEqual(GUEST_INITIAL_JS_BUDGET_BYTES);
  });
});
