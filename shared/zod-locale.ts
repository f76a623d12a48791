import { config } from 'zod/mini';
import { en } from 'zod/locales';

/**
 * `zod/mini` ships without a locale: an issue without its own message would read 'Invalid input'.
 * The English locale (about 3 KB) keeps the messages full `zod` gives, e.g. 'Too big: expected
 * string to have <=60 characters'. Every module that declares schemas imports this one, so the
 * locale is set before anything is parsed, on the server and in the browser alike.
 */
config(en());
