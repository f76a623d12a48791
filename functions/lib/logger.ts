import { currentLogContext } from './log-context.ts';

export { setLogContext, withLogScope, type LogContext } from './log-context.ts';

/**
 * The functions' one logger: each call writes one JSON line, the same on Lambda and locally:
 * `{ timestamp, level, message, requestId, route, role, ...fields }`, fields at the top level so
 * CloudWatch Logs Insights reads them as they are (`filter route = 'create-booking'`).
 *
 * On Lambda the line goes straight to stdout, not through `console`: with the JSON log format the
 * runtime's console would nest a logged object under its own `message` (and keep a string as a
 * string), while a JSON line of our own with `level` and an ISO `timestamp` is taken as it is
 * and filtered by the function's application log level. Elsewhere it goes through `console`, so a
 * terminal, the local server and the tests' console spies see it.
 *
 * Nothing secret is written: values under secret-sounding keys, and anything that looks like a JWT,
 * a Bearer credential or a token in a link, become `[redacted]`, in fields and messages alike.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
/** Lambda's application log levels (AWS_LAMBDA_LOG_LEVEL, set from the function's logging config) as ours. */
const LAMBDA_LEVELS: Record<string, LogLevel> = { TRACE: 'debug', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error', FATAL: 'error' };

export const REDACTED = '[redacted]';
const SECRET_KEY = /authorization|token|passw(or)?d|secret|signature|cookie|credential|api-?key/i;
// secretId, secretArn: which secret, not its value.
const NAMES_A_SECRET = /(id|arn|name)$/i;
const isSecretKey = (key: string) => SECRET_KEY.test(key) && !NAMES_A_SECRET.test(key);
const SECRET_VALUES: Array<[RegExp, string]> = [
  // A JWT: three base64url segments, the first a JSON header ('{"' encodes as eyJ).
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  // Links that carry a proof (manage and confirm links, activation links).
  [/([?&#](?:token|confirm|signature|code|key)=)[^&#\s"'<>]+/gi, `$1${REDACTED}`],
];

const scrub = (text: string): string => SECRET_VALUES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);

/** A value made safe to log: secrets out, errors as name and message, no cycles, bounded depth. */
export function redact(value: unknown, depth = 0, path: object[] = []): unknown {
  if (typeof value === 'string') return scrub(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (path.includes(value)) return '[circular]';
  if (depth >= 6) return '[nested too deep]';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  const inner = [...path, value];
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1, inner));
  // An error as its name, message and code: SDK errors also hold whole HTTP responses.
  const code = (value as { code?: unknown }).code;
  const source: Record<string, unknown> =
    value instanceof Error ? { name: value.name, message: value.message, ...(code === undefined ? {} : { code }) } : (value as Record<string, unknown>);
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) result[key] = isSecretKey(key) ? REDACTED : redact(item, depth + 1, inner);
  return result;
}

function threshold(): LogLevel {
  return LAMBDA_LEVELS[process.env.AWS_LAMBDA_LOG_LEVEL?.toUpperCase() ?? ''] ?? 'info';
}

const onLambda = () => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME && process.env.AWS_EXECUTION_ENV?.startsWith('AWS_Lambda_'));

const RESERVED = new Set(['timestamp', 'level', 'message']);

function write(level: LogLevel, message: string, fields: LogFields | undefined): void {
  if (RANK[level] < RANK[threshold()]) return;
  const record: Record<string, unknown> = { timestamp: new Date().toISOString(), level, message: scrub(message), ...currentLogContext() };
  const safe = fields ? (redact(fields) as Record<string, unknown>) : {};
  for (const [key, value] of Object.entries(safe)) if (!RESERVED.has(key) && value !== undefined) record[key] = value;
  const line = JSON.stringify(record);
  if (onLambda()) process.stdout.write(`${line}\n`);
  // console.log rather than console.info (the same stream in Node): callers' spies watch console.log.
  else console[level === 'info' ? 'log' : level](line);
}

export const log = {
  debug: (message: string, fields?: LogFields) => write('debug', message, fields),
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  error: (message: string, fields?: LogFields) => write('error', message, fields),
};
