import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Files a person can hold in their head: no source file over 400 lines. The route table
 * (functions/routes.ts) is the one exception: it is the single list every route is read from.
 * The compiled message catalogues are written by `npm run i18n`, never by a person: not counted.
 */
const MAX_LINES = 400;
const EXEMPT = new Set(['functions/routes.ts']);
const GENERATED = 'web/src/i18n/compiled/';
const FOLDERS = ['functions/', 'shared/', 'web/src/', 'infra/', 'test/'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|css)$/;

const root = join(import.meta.dirname, '../..');
const lineCount = (text: string) => (text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

describe('file size', () => {
  it(`keeps every tracked source file under functions/, shared/, web/src/, infra/ and test/ at ${MAX_LINES} lines or fewer, the route table aside`, () => {
    const tracked = execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((path) => EXTENSIONS.test(path) && !EXEMPT.has(path) && !path.startsWith(GENERATED))
      // A file deleted in the working tree but not yet in the index has nothing to count.
      .filter((path) => existsSync(join(root, path)));
    expect(tracked.length).toBeGreaterThan(100);
    const tooLong = tracked
      .map((path) => ({ path, lines: lineCount(readFileSync(join(root, path), 'utf8')) }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(tooLong, `files over ${MAX_LINES} lines`).toEqual([]);
  });
});
