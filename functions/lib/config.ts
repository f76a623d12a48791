import * as z from 'zod/mini';
import { maxLength, minLength } from '../../shared/validation.ts';

/**
 * Environment every function reads once at cold start; a missing or malformed value fails the
 * cold start with a message naming the variable instead of failing later inside a request. Each
 * schema holds what its readers need: `config` what every function reads, `deliveryConfig`
 * (functions/lib/delivery-config.ts' import) what only the functions that send mail and frames do.
 */
/** A URL, trimmed first (`URL.canParse`: the platform's own parser, no validator code to carry). */
export const urlSchema = z.string().check(
  z.trim(),
  z.refine((value: string) => URL.canParse(value), 'Must be a URL'),
);

const envSchema = z.object({
  STAGE: z._default(z.string().check(minLength(1)), 'local'),
  TABLE_NAME: z.string().check(minLength(3), maxLength(255)),
  AWS_REGION: z._default(z.string().check(minLength(1)), 'us-east-1'),
  /** Set only off-AWS: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: z.optional(urlSchema),
  /** On AWS: the Secrets Manager secret holding the JWT signing key (locally JWT_SECRET is set). */
  JWT_SECRET_ARN: z.optional(z.string().check(z.refine((arn: string) => arn.startsWith('arn:'), 'Must start with arn:'))),
});

export type Config = z.infer<typeof envSchema>;

/** `schema`'s reading of `env`, or an Error naming each variable that is wrong. */
export function parseEnvironment<S extends z.core.$ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = z.safeParse(schema, env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '')}: ${issue.message}`);
    throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

export const parseConfig = (env: NodeJS.ProcessEnv): Config => parseEnvironment(envSchema, env);

export const config: Config = parseConfig(process.env);
