import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const maps = new Map<string, SourceMap | null>();

function mapOf(bundleFile: string): SourceMap | null {
  let map = maps.get(bundleFile);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(readFileSync(`${bundleFile}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      map = null; // not a bundle (tsx, tests) or shipped without its map: the stack is readable as it is
    }
    maps.set(bundleFile, map);
  }
  return map;
}

/**
 * An error's stack with the frames of this bundle mapped to the TypeScript they came from: those of
 * `bundleUrl` (the function's index.mjs) and of every chunk beside it (`chunks/*.mjs`, which a
 * split bundle loads statically or on first use). Functions run without --enable-source-maps (it
 * slows every cold start: docs/architecture.md#9-operations): a file's map is read only here,
 * when an error is logged, once per container and file.
 */
export function readableStack(error: Error, bundleUrl: string = import.meta.url): string | undefined {
  if (!error.stack) return undefined;
  const bundleFile = bundleUrl.startsWith('file:') ? fileURLToPath(bundleUrl) : bundleUrl;
  const bundleDir = dirname(bundleFile);
  const escaped = bundleDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`(?:file://)?(${escaped}/(?:chunks/)?[^/\\s:()]+\\.mjs):(\\d+):(\\d+)`, 'g');
  return error.stack.replace(frame, (whole, file: string, line: string, column: string) => {
    const map = mapOf(file);
    if (!map) return whole;
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1) as { originalSource?: string; originalLine?: number; originalColumn?: number };
    if (!entry.originalSource || entry.originalLine === undefined || entry.originalColumn === undefined) return whole;
    return `${entry.originalSource.replace(/^(\.\.\/)+/, '')}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}
