import * as z from 'zod/mini';
import { LANGUAGES } from './languages.ts';

/**
 * A request's `language` (a booking's, a sign-up's): one of shared/languages.ts, or absent for
 * English. Its e-mails speak it (docs/product.md#e-mails). A module of its own, so the site's first
 * load, which reads the list of languages, does not carry the schema.
 */
export const languageField = /* @__PURE__ */ z.optional(z.enum(LANGUAGES, `Language must be one of: ${LANGUAGES.join(', ')}`));
