import * as z from 'zod/mini';
import '../../shared/zod-locale.ts';

/**
 * Environment every function reads once at cold start; a missing or malformed value fails the
 * cold start with a message naming the variable instead of failing later inside a request.
 */
const envSchema = z.object({
  STAGE: z._default(z.string().check(z.minLength(1)), 'local'),
  TABLE_NAME: z.string().check(z.minLength(3), z.maxLength(255)),
  AWS_REGION: z._default(z.string().check(z.minLength(1)), 'us-east-1'),
  /** Set only off-AWS: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: z.optional(z.url()),
  /** The WebSocket API's management (`@connections`) endpoint, for functions that notify. */
  WS_MANAGEMENT_ENDPOINT: z.optional(z.url()),
  /** On AWS: the Secrets Manager secret holding the JWT signing key (locally JWT_SECRET is set). */
  JWT_SECRET_ARN: z.optional(z.string().check(z.startsWith('arn:'))),
  /** The verified SES sender, for functions that send mail on AWS. */
  MAIL_FROM: z.optional(z.email()),
  /** Off AWS: mail is written here as files instead of being sent. */
  MAIL_OUTBOX_DIR: z.optional(z.string().check(z.minLength(1))),
});

export type Config = z.infer<typeof envSchema>;

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export const config: Config = parseConfig(process.env);
