import { t, translateKnown, type MessageId } from './i18n';

/*
 * The booking's rules are shared with the API, which answers in English (docs/product.md#stay-rules):
 * the rules return their English message, which is also its id in the catalogues, and the site
 * shows it in the guest's language. A message with a value in it (a villa's capacity, a package's
 * name) is found by its pattern. A message the site does not know (a newer server's) is shown as it came.
 */

/** An English message with values, the message it is, and the names of its values in order. */
export type MessagePattern = readonly [RegExp, MessageId, readonly string[]];

export const stayPatterns: readonly MessagePattern[] = [
  [/^This villa can accommodate maximum (\d+) guests$/, 'This villa can accommodate maximum {max} guests', ['max']],
];

/** A function showing an English rule message (the site's own or the API's) in the current language. */
export function localizerOf(patterns: readonly MessagePattern[]): (message: string) => string {
  return (message) => {
    for (const [pattern, id, names] of patterns) {
      const match = pattern.exec(message);
      // A value the catalogues know (a field's label) is shown in the guest's language too.
      if (match) return t(id, Object.fromEntries(names.map((name, index) => [name, translateKnown(match[index + 1] ?? '')])));
    }
    return translateKnown(message);
  };
}

/** A stay rule's message in the current language. */
export const localizeMessage = localizerOf(stayPatterns);
