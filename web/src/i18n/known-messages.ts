import { t, translateKnown } from './i18n';

/*
 * The stay's rules are shared with the API, which answers in English (docs/product.md#stay-rules):
 * the rules return their English message, which is also its id in the catalogues, and the site
 * shows it in the guest's language. A message the site does not know (a newer server's) is shown as
 * it came.
 */
const capacity = /^This villa can accommodate maximum (\d+) guests$/;

/** An English rule message (the site's own or the API's) in the current language. */
export function localizeMessage(message: string): string {
  const max = capacity.exec(message)?.[1];
  return max ? t('This villa can accommodate maximum {max} guests', { max: Number(max) }) : translateKnown(message);
}
