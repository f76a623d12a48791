import * as v from 'valibot';
import { email, fields } from '../../shared/validation.ts';

/**
 * Environment every function reads once at cold start; a missing or malformed value fails the
 * cold start with a message naming the variable instead of failing later inside a request.
 */
/** A URL, trimmed first as zod's check did. */
const url = v.pipe(v.string(), v.trim(), v.url());

const envSchema = fields({
  STAGE: v.optional(v.pipe(v.string(), v.minLength(1)), 'local'),
  TABLE_NAME: v.pipe(v.string(), v.minLength(3), v.maxLength(255)),
  AWS_REGION: v.optional(v.pipe(v.string(), v.minLength(1)), 'us-east-1'),
  /** Set only off-AWS: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: v.optional(url),
  /** The WebSocket API's management (`@connections`) endpoint, for functions that notify. */
  WS_MANAGEMENT_ENDPOINT: v.optional(url),
  /** On AWS: the Secrets Manager secret holding the JWT signing key (locally JWT_SECRET is set). */
  JWT_SECRET_ARN: v.optional(v.pipe(v.string(), v.startsWith('arn:'))),
  /** The verified SES sender, for functions that send mail on AWS. */
  MAIL_FROM: v.optional(v.pipe(v.string(), email())),
  /** The site's own address, for links in e-mails (the manage-booking page). */
  SITE_URL: v.optional(url),
  /** Off AWS: mail is written here as files instead of being sent. */
  MAIL_OUTBOX_DIR: v.optional(v.pipe(v.string(), v.minLength(1))),
});

export type Config = v.InferOutput<typeof envSchema>;

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = v.safeParse(envSchema, env);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);
    throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  }
  return parsed.output;
}

export const config: Config = parseConfig(process.env);
