import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const LOCAL_TABLE_NAME = 'forest-resort-local';
export const LOCAL_STAGE = 'local';

export type LocalSettings = {
  port: number;
  host: string;
  dataDir: string;
  admin: { email: string; password: string; name: string; fromEnvironment: boolean };
};

/** The local admin when ADMIN_EMAIL / ADMIN_PASSWORD are not set: printed at every start. */
export const DEFAULT_ADMIN = { email: 'admin@forest-resort.local', password: 'forest-admin-local', name: 'Resort Admin' };

/** A sample guest account (local only), so sign-in, my-bookings and cancel can be tried and invoked. */
export const SAMPLE_GUEST = { email: 'guest@forest-resort.local', password: 'forest-guest-local', name: 'Sample Guest' };

/** Reads and checks the `npm start` overrides; a bad value stops the start with one clear line. */
export function readLocalSettings(env: NodeJS.ProcessEnv): LocalSettings {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a port number (1-65535), got '${env.PORT}'`);
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN.email;
  const password = env.ADMIN_PASSWORD ?? DEFAULT_ADMIN.password;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`ADMIN_EMAIL must be an e-mail address, got '${email}'`);
  if (password.length < 8) throw new Error('ADMIN_PASSWORD must be at least 8 characters');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? '.data',
    admin: { email, password, name: DEFAULT_ADMIN.name, fromEnvironment: Boolean(env.ADMIN_EMAIL || env.ADMIN_PASSWORD) },
  };
}

/** A JWT signing key kept with the local data, so sign-ins survive a restart (on AWS: Secrets Manager). */
export function localJwtSecret(dataDir: string): string {
  const file = join(dataDir, 'local-secrets.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string }).jwtSecret;
  mkdirSync(dataDir, { recursive: true });
  const jwtSecret = randomBytes(48).toString('base64url');
  writeFileSync(file, JSON.stringify({ jwtSecret }, null, 2), { mode: 0o600 });
  return jwtSecret;
}

/** The environment every function sees locally: the same variables the stack sets on AWS. */
export function functionEnvironment(options: {
  tableName: string;
  dynamodbEndpoint: string;
  port: number;
  jwtSecret: string;
  outboxDir: string;
}): Record<string, string> {
  // Locally the payment webhook secret and the manage-link key are derived from the JWT key kept
  // with the data (they survive restarts with it); on AWS each is its own Secrets Manager secret.
  const derived = (purpose: string) => createHmac('sha256', options.jwtSecret).update(purpose).digest('base64url');
  // Razorpay's keys from the shell turn live mode on locally; without them payments run in test mode.
  const live = Object.fromEntries(
    (['RAZORPAY_KEY_ID', 'PAYMENT_KEY_SECRET', 'RAZORPAY_API_BASE'] as const).flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  ) as Record<string, string>;
  return {
    ...live,
    PAYMENT_WEBHOOK_SECRET: process.env.PAYMENT_WEBHOOK_SECRET ?? derived('payment-webhook-secret'),
    MANAGE_LINK_KEY: derived('manage-link-key'),
    SITE_URL: `http://localhost:${options.port}`,
    MAIL_OUTBOX_DIR: options.outboxDir,
    // The front desk's address: staff e-mail (channel conflicts) lands in the local inbox too.
    STAFF_MAIL_TO: 'front-desk@forest-resort.local',
    STAGE: LOCAL_STAGE,
    TABLE_NAME: options.tableName,
    DYNAMODB_ENDPOINT: options.dynamodbEndpoint,
    WS_MANAGEMENT_ENDPOINT: `http://127.0.0.1:${options.port}`,
    // The local server stands in for Lambda's Invoke API (a route that runs its work in a job's function).
    LAMBDA_ENDPOINT: `http://127.0.0.1:${options.port}`,
    SYNC_CHANNELS_FUNCTION: 'sync-channels',
    // Image uploads: the local server stands in for the site bucket (infra/local/media-store.ts).
    MEDIA_BUCKET: 'local-media',
    MEDIA_UPLOAD_URL: '/_media/upload',
    JWT_SECRET: options.jwtSecret,
    AWS_REGION: 'us-east-1',
    // DynamoDB Local and the local gateway accept any credentials; the SDK still insists on some.
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
  };
}
