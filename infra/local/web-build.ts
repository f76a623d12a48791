import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
export const webRoot = join(root, 'dist', 'web');

function newestModification(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when dist/web is missing or older than any file of web/ or shared/. */
export function webBuildIsStale(): boolean {
  const built = join(webRoot, 'index.html');
  if (!existsSync(built)) return true;
  const sources = Math.max(newestModification(join(root, 'web')), newestModification(join(root, 'shared')), statSync(join(root, 'vite.config.ts')).mtimeMs);
  return sources > statSync(built).mtimeMs;
}

/**
 * Builds dist/web for production, whoever calls it: under vitest NODE_ENV is 'test', and Vite
 * keeps a NODE_ENV it finds, which would ship React's much larger development build.
 */
export async function buildWeb(): Promise<void> {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}
