import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { placeholders } from '../support/message-placeholders.ts';
import { compiledCatalogueFiles, readSource, showsAsWritten, sourceAreas } from '../../infra/i18n/catalogues.ts';
import { i18n, t, type MessageId } from '../../web/src/i18n/i18n.ts';

/** The numbered elements a message wraps or holds (`<0>…</0>`, `<1/>`), which the page fills: the same in every language. */
const elements = (message: string): string[] => [...message.matchAll(/<(\d+)>|<(\d+)\/>/g)].map((match) => match[1] ?? `${match[2]}/`).sort();

describe('the guest message catalogues (docs/product.md#languages)', () => {
  it('are compiled from their source: `npm run i18n` has been run', async () => {
    for (const [path, text] of await compiledCatalogueFiles()) expect(readFileSync(path, 'utf8'), `${path} is stale: run npm run i18n`).toBe(text);
  });

  it('give every Hindi message the placeholders and elements of its English one, and leave none empty', async () => {
    for (const area of sourceAreas()) {
      const [english, hindi] = [await readSource('en', area), await readSource('hi', area)];
      expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
      for (const [id, message] of Object.entries(english)) {
        expect(hindi[id]?.trim(), id).toBeTruthy();
        expect(placeholders(hindi[id] ?? ''), id).toEqual(placeholders(message));
        expect(elements(hindi[id] ?? ''), id).toEqual(elements(message));
        // Every element it opens, it closes (a Hindi order may move them, never drop a half).
        for (const name of elements(message).filter((element) => !element.endsWith('/'))) expect(hindi[id], id).toContain(`</${name}>`);
      }
    }
  });

  it('gives a message found in two areas one translation: the language is one catalogue once loaded', async () => {
    const seen = new Map<string, string>();
    for (const area of sourceAreas())
      for (const [id, text] of Object.entries(await readSource('hi', area))) {
        expect(seen.get(id) ?? text, `'${id}' in ${area}`).toBe(text);
        seen.set(id, text);
      }
  });

  it('shows every English message whole, with only the ones that have something to fill in compiled', async () => {
    expect(i18n.locale).toBe('en');
    // As in a production build, where Lingui has no compiler (only a development build brings one)
    // and warns of a message it had to show uncompiled: the site's plain English must not be one.
    i18n.setMessagesCompiler(undefined as unknown as Parameters<typeof i18n.setMessagesCompiler>[0]);
    const warn = vi.spyOn(console, 'warn');
    for (const area of sourceAreas()) {
      // The first screen's English comes with i18n.ts; every other area's with the code that shows it,
      // through its module in web/src/i18n/english.
      if (area !== 'site') await import(`../../web/src/i18n/english/${area}.ts`);
      const english = Object.keys(await readSource('en', area));
      expect(english.length).toBeGreaterThan(10);
      for (const message of english) {
        const names = placeholders(message);
        const shown = t(message as MessageId, Object.fromEntries(names.map((name) => [name, 2])));
        expect(shown, message).not.toMatch(/[{}#]/);
        if (names.length === 0) expect(shown).toBe(message);
        expect(message in i18n.messages, message).toBe(!showsAsWritten(message));
      }
    }
    expect(t('{count, plural, one {# night} other {# nights}}', { count: 1 })).toBe('1 night');
    expect(t('Step {step} of {count}: {name}', { step: 2, count: 4, name: 'Package Selection' })).toBe('Step 2 of 4: Package Selection');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    i18n.setMessagesCompiler(compileMessage);
  });

  it('tells a text it cannot compile from one to show as written: an ICU quote or a placeholder is not plain', () => {
    expect(showsAsWritten("We can't reach the resort right now.")).toBe(true);
    expect(showsAsWritten('{name} amenities')).toBe(false);
    expect(showsAsWritten("It''s")).toBe(false);
  });

  it('finds a placeholder or an element the translation lost', () => {
    expect(placeholders('{count, plural, one {# night} other {# nights}}')).toEqual(['count']);
    expect(placeholders('चरण {step}/{count}')).not.toEqual(placeholders('Step {step} of {count}: {name}'));
    expect(elements('Pay <0>{amount}</0> to confirm it.')).toEqual(['0']);
    expect(elements('पुष्टि के लिए {amount} चुकाएँ।')).not.toEqual(elements('Pay <0>{amount}</0> to confirm it.'));
  });
});
