/**
 * `npm run openapi`: writes docs/openapi.json from the route table and the routes' schemas. Run it
 * after changing a route or a schema; test/unit/openapi.test.ts fails until the file is current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

// Handlers read their environment at import; only their schemas are used here, so placeholders do
// (nothing connects to a table or reads a secret).
const placeholders = {
  TABLE_NAME: 'openapi-generator',
  JWT_SECRET: 'openapi-generator-placeholder-signing-key',
  PAYMENT_WEBHOOK_SECRET: 'openapi-generator-placeholder',
  MANAGE_LINK_KEY: 'openapi-generator-placeholder',
  SITE_URL: 'http://localhost:3000',
};
for (const [name, value] of Object.entries(placeholders)) process.env[name] ??= value;

const { currentOpenApiDocument, OPENAPI_FILE, renderOpenApiDocument } = await import('./openapi-file.ts');
// The served route imports the file it describes: a missing one, or one a merge left unreadable, is
// started again empty so that its handler loads (the document is then written whole).
try {
  JSON.parse(readFileSync(OPENAPI_FILE, 'utf8'));
} catch {
  writeFileSync(OPENAPI_FILE, '{}\n');
}
const text = await renderOpenApiDocument(await currentOpenApiDocument());
writeFileSync(OPENAPI_FILE, text);
console.log(`Wrote ${relative(process.cwd(), OPENAPI_FILE)} (${Math.round(Buffer.byteLength(text) / 1024)} KB)`);
