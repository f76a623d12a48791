import * as v from 'valibot';
import { fields } from '../../shared/validation.ts';

/**
 * Environment every function reads once at cold start; a missing or malformed value fails the
 * cold start with a message naming the variable instead of failing later inside a request. Each
 * schema holds what its readers need: `config` what every function reads, `deliveryConfig`
 * (functions/lib/delivery-config.ts' import) what only the functions that send mail and frames do.
 */
/** A URL, trimmed first as zod's check did (`URL.canParse`: the platform's own parser, no validator code to carry). */
const url = v.pipe(
  v.string(),
  v.trim(),
  v.check((value: string) => URL.canParse(value), 'Must be a URL'),
);

const envSchema = fields({
  STAGE: v.optional(v.pipe(v.string(), v.minLength(1)), 'local'),
  TABLE_NAME: v.pipe(v.string(), v.minLength(3), v.maxLength(255)),
  AWS_REGION: v.optional(v.pipe(v.string(), v.minLength(1)), 'us-east-1'),
  /** Set only off-AWS: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT: v.optional(url),
  /** On AWS: the Secrets Manager secret holding the JWT signing key (locally JWT_SECRET is set). */
  JWT_SECRET_ARN: v.optional(
    v.pipe(
      v.string(),
      v.check((arn: string) => arn.startsWith('arn:'), 'Must start with arn:'),
    ),
  ),
});

export type Config = v.InferOutput<typeof envSchema>;

/** `schema`'s reading of `env`, or an Error naming each variable that is wrong. */
export function parseEnvironment<S extends v.GenericSchema>(schema: S, env: NodeJS.ProcessEnv): v.InferOutput<S> {
  const parsed = v.safeParse(schema, env);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => `${String(issue.path?.[0]?.key ?? '')}: ${issue.message}`);
    throw new Error(`Invalid function configuration: ${problems.join('; ')}`);
  }
  return parsed.output;
}

export const parseConfig = (env: NodeJS.ProcessEnv): Config => parseEnvironment(envSchema, env);

export const config: Config = parseConfig(process.env);
