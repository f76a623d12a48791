import * as z from 'zod/mini';

/**
 * Environment every function reads once at cold start; a missing or malformed value fails the
 * cold start with a message naming the variable instead of failing later inside a request. `config`
 * holds what every function reads: five strings, checked here by hand, so no function carries a
 * schema for them. `deliveryConfig` (functions/lib/delivery-config.ts) holds what only the functions
 * that send mail and frames read, as a schema checked by `parseEnvironment`.
 */
/** A URL, trimmed first (`URL.canParse`: the platform's own parser, no validator code to carry). */
export const urlSchema = /* @__PURE__ */ z.string().check(
  /* @__PURE__ */ z.trim(),
  /* @__PURE__ */ z.refine((value: string) => URL.canParse(value), 'Must be a URL'),
);

export type Config = {
  STAGE: string;
  TABLE_NAME: string;
  AWS_REGION: string;
  /** Set only off-AWS: DynamoDB Local's URL. */
  DYNAMODB_ENDPOINT?: string | undefined;
  /** On AWS: the Secrets Manager secret holding the JWT signing key (locally JWT_SECRET is set). */
  JWT_SECRET_ARN?: string | undefined;
};

/** The cold start's failure, naming each variable that is wrong (`NAME: message`). */
const configurationError = (problems: string[]) => new Error(`Invalid function configuration: ${problems.join('; ')}`);

/** `schema`'s reading of `env`, or an Error naming each variable that is wrong. */
export function parseEnvironment<S extends z.core.$ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const parsed = z.safeParse(schema, env);
  if (!parsed.success) throw configurationError(parsed.error.issues.map((issue) => `${String(issue.path[0] ?? '')}: ${issue.message}`));
  return parsed.data;
}

/** `config` as read from `env`, or an Error naming each variable that is wrong, in the schemas' words (shared/validation.ts: lengths in code points). */
export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const { STAGE = 'local', TABLE_NAME = '', AWS_REGION = 'us-east-1', JWT_SECRET_ARN } = env;
  const DYNAMODB_ENDPOINT = env.DYNAMODB_ENDPOINT?.trim();
  const tableNameLength = [...TABLE_NAME].length;
  const problems = Object.entries({
    STAGE: !STAGE && 'Must not be empty',
    TABLE_NAME:
      env.TABLE_NAME === undefined
        ? 'Required'
        : tableNameLength < 3
          ? 'Must have at least 3 characters'
          : tableNameLength > 255 && 'Must have at most 255 characters',
    AWS_REGION: !AWS_REGION && 'Must not be empty',
    DYNAMODB_ENDPOINT: DYNAMODB_ENDPOINT !== undefined && !URL.canParse(DYNAMODB_ENDPOINT) && 'Must be a URL',
    JWT_SECRET_ARN: JWT_SECRET_ARN?.startsWith('arn:') === false && 'Must start with arn:',
  }).flatMap(([name, problem]) => (problem ? `${name}: ${problem}` : []));
  if (problems.length) throw configurationError(problems);
  return { STAGE, TABLE_NAME, AWS_REGION, DYNAMODB_ENDPOINT, JWT_SECRET_ARN };
}

export const config: Config = parseConfig(process.env);
