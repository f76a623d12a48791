import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * Who and what each log line is about (functions/lib/logger.ts writes the lines). Apart from the
 * logger, so that a route chain, which sets the context on every request, does not load the line
 * writer and its redaction with it when only its rare failures log.
 */

/** Who and what a line is about: set per invocation with setLogContext. */
export type LogContext = { requestId?: string; route?: string; role?: string };

type Scope = { context: LogContext };
// Lambda runs one invocation at a time per environment: one module-wide scope. The local runtime
// runs many at once in one process, so it gives each its own (withLogScope).
const scopes = new AsyncLocalStorage<Scope>();
const lambdaScope: Scope = { context: {} };
const currentScope = () => scopes.getStore() ?? lambdaScope;

/** The context of the running invocation, for the logger. */
export const currentLogContext = (): LogContext => currentScope().context;

/**
 * Sets the context every later line of this invocation carries, replacing the last one (so nothing
 * of a previous invocation survives). Call it first thing in each handler, and again once the
 * principal is known.
 */
export function setLogContext(context: LogContext): void {
  const { requestId, route, role } = context;
  currentScope().context = { ...(requestId ? { requestId } : {}), ...(route ? { route } : {}), ...(role ? { role } : {}) };
}

/** Runs `run` with a log context of its own: one per invocation where many share a process (the local runtime). */
export const withLogScope = <T>(run: () => T): T => scopes.run({ context: {} }, run);
