import { prepareTokens } from '../auth.ts';
import { publicOnly, routeBuilder, type PublicRouteName } from './handler.ts';

/**
 * For the public routes that may answer with a new token (sign-in, sign-up or sign-in, account
 * activation): the signing keys' read (and jose's load) starts as the request arrives, beside the
 * origin check's, and runs while the password is checked, instead of after it.
 */
export const signInRoute = routeBuilder<PublicRouteName>(publicOnly, () => prepareTokens());
