import { accountAllows } from '../account-state.ts';
import { prepareTokens, verifyAccessToken, type Principal } from '../auth.ts';

/** The caller a bearer token stands for: a valid token whose account still stands as it was signed for, else undefined. */
export async function verifiedPrincipal(token: string): Promise<Principal | undefined> {
  const principal = await verifyAccessToken(token);
  return principal && (await accountAllows(principal)) ? principal : undefined;
}

export { prepareTokens };
