/** `npm run i18n`: compiles the guest site's and the booking e-mails' message catalogues (see ./catalogues.ts). Run it after editing web/src/i18n/source or shared/mail-messages. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { compiledCatalogueFiles } from './catalogues.ts';

for (const [path, text] of await compiledCatalogueFiles()) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  console.log(`Wrote ${relative(process.cwd(), path)}`);
}
