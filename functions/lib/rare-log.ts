import type { LogFields } from './logger.ts';

/**
 * A line from a path a request rarely takes (stored data that breaks an invariant): the line
 * writer and its redaction (logger.ts) are loaded then, as a chunk of their own, not at every cold
 * start of a function whose normal path never logs (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 * Awaited, so the line carries the invocation's log context like any other.
 */
export async function logRarely(level: 'warn' | 'error', message: string, fields?: LogFields): Promise<void> {
  const { log } = await import('./logger.ts');
  log[level](message, fields);
}
