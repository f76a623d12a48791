import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

describe('web bundle', () => {
  it('keeps the admin portal out of what guests download: every admin module is reached only through a lazy import', () => {
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0] ?? '';
    const eager = [...eagerChunks(entry)];
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
});
