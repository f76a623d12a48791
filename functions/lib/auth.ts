import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { jwtVerify, SignJWT } from 'jose';
import * as z from 'zod';
import { userRoleSchema, type UserRole } from '../../shared/users.ts';
import { config } from './config.ts';

const ISSUER = 'forest-resort';
const audience = `forest-resort:${config.STAGE}`;
const ALGORITHM = 'HS256';

const secretSchema = z.string().min(32, 'JWT_SECRET must be at least 32 characters');
let signingKey: Uint8Array | undefined;

/**
 * Read once per execution environment and cached: from Secrets Manager on AWS (JWT_SECRET_ARN),
 * from JWT_SECRET locally. A missing secret fails loudly, never open.
 */
async function getSigningKey(): Promise<Uint8Array> {
  if (signingKey) return signingKey;
  let secret = process.env.JWT_SECRET;
  if (!secret && config.JWT_SECRET_ARN) {
    const client = new SecretsManagerClient({ region: config.AWS_REGION });
    secret = (await client.send(new GetSecretValueCommand({ SecretId: config.JWT_SECRET_ARN }))).SecretString;
    client.destroy();
  }
  signingKey = new TextEncoder().encode(secretSchema.parse(secret));
  return signingKey;
}

export type Principal = { userId: string; role: UserRole; name: string; email: string };

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: userRoleSchema,
  name: z.string(),
  email: z.string(),
});

export async function signAccessToken(principal: Principal, expiresIn = '8h'): Promise<string> {
  return new SignJWT({ role: principal.role, name: principal.name, email: principal.email })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(principal.userId)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(await getSigningKey());
}

/** Verifies signature, algorithm, issuer, audience and expiry; returns undefined for any bad token. */
export async function verifyAccessToken(token: string): Promise<Principal | undefined> {
  try {
    const { payload } = await jwtVerify(token, await getSigningKey(), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience,
      requiredClaims: ['exp', 'sub'],
    });
    const claims = claimsSchema.parse(payload);
    return { userId: claims.sub, role: claims.role, name: claims.name, email: claims.email };
  } catch {
    return undefined;
  }
}

const BOOKING_TOKEN_AUDIENCE = `${audience}:manage-booking`;

/** A signed link that lets a guest open their booking without an account (no reference guessing). */
export async function signBookingToken(bookingId: string, expiresIn = '400d'): Promise<string> {
  return new SignJWT({}).setProtectedHeader({ alg: ALGORITHM }).setSubject(bookingId).setIssuer(ISSUER).setAudience(BOOKING_TOKEN_AUDIENCE).setIssuedAt().setExpirationTime(expiresIn).sign(await getSigningKey());
}

export async function verifyBookingToken(token: string): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(token, await getSigningKey(), { algorithms: [ALGORITHM], issuer: ISSUER, audience: BOOKING_TOKEN_AUDIENCE, requiredClaims: ['exp', 'sub'] });
    return payload.sub;
  } catch {
    return undefined;
  }
}
