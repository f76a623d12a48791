import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { compiledCatalogueFiles, readSource, sourceAreas } from '../../infra/i18n/catalogues.ts';

type Token = string | [string, string?, Record<string, Token[]>?];

/** The placeholder names a message uses, plural and select branches included. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown) => {
    // A plural's options hold its branches and also `offset`, which may be undefined.
    if (!Array.isArray(tokens)) return;
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      for (const branch of Object.values(token[2] ?? {})) walk(branch);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

describe('the guest message catalogues (docs/product.md#languages)', () => {
  it('are compiled from their source: `npm run i18n` has been run', async () => {
    for (const [path, text] of await compiledCatalogueFiles()) expect(readFileSync(path, 'utf8'), `${path} is stale: run npm run i18n`).toBe(text);
  });

  it('give every Hindi message the placeholders of its English one, and leave none empty', async () => {
    for (const area of sourceAreas()) {
      const [english, hindi] = [await readSource('en', area), await readSource('hi', area)];
      expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      for (const [id, message] of Object.entries(english)) {
        expect(hindi[id]?.trim(), id).toBeTruthy();
        expect(placeholders(hindi[id] ?? ''), id).toEqual(placeholders(message));
      }
    }
  });

  it('finds a placeholder the translation lost', () => {
    expect(placeholders('{count, plural, one {# night} other {# nights}}')).toEqual(['count']);
    expect(placeholders('चरण {step}/{count}')).not.toEqual(placeholders('Step {step} of {count}: {name}'));
  });
});
