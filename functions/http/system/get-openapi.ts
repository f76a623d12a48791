import document from '../../../docs/openapi.json' with { type: 'json' };
import { publicRoute } from '../../lib/http/handler.ts';
import { withRawSuccess } from '../../lib/http/raw-success.ts';

/** Serialised once per cold start: the document changes only with a deploy. */
const documentText = JSON.stringify(document);

/**
 * Browsers and tools may keep it five minutes (a deploy shows within that); it carries no
 * personal data, unlike the API's other answers (no-store).
 */
const CACHE_CONTROL = 'public, max-age=300';

const route = publicRoute<'get-openapi', null>('get-openapi', {}, async () => null);

/**
 * GET /api/openapi.json: the API's OpenAPI 3.1 document (docs/openapi.json, bundled: the function
 * needs no generator). The chain runs as for every route (origin check, errors in the envelope);
 * its 200 then carries the document itself rather than the envelope, because OpenAPI tools (Swagger
 * UI, code generators) read the document from its URL as it is.
 */
export const handler = withRawSuccess(route, () => ({ body: documentText, headers: { 'cache-control': CACHE_CONTROL } }));
