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
  it('keeps the admin portal out of what guests download', () => {
    const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0] ?? '';
    const eager = [...eagerChunks(entry)];
    expect(eager.some((key) => key.includes('features/admin'))).toBe(false);
    const lazy = manifest[entry]?.dynamicImports ?? [];
    expect(lazy.filter((key) => key.includes('features/admin')).sort()).toEqual([
      'src/features/admin/components/admin-dashboard-page.tsx',
      'src/features/admin/components/admin-login-page.tsx',
    ]);
    const guestCode = eager.map((key) => readFileSync(join(webRoot, manifest[key]?.file ?? ''), 'utf8')).join('\n');
    expect(guestCode).not.toContain('Sign in to manage');
    expect(guestCode).toContain('Select your dates at the resort');
  });
});
