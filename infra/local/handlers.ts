import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { withLogScope } from '../../functions/lib/logger.ts';

type AnyHandler = (event: unknown, context: Context) => Promise<unknown>;

const functionsDir = resolve(import.meta.dirname, '..', '..', 'functions');
const loaded = new Map<string, Promise<AnyHandler>>();

/**
 * Imports a handler module from functions/ (once, like a warm Lambda). Call only after the
 * function environment (TABLE_NAME, DYNAMODB_ENDPOINT...) is set: modules read it at import.
 */
export function loadHandler(module: string): Promise<AnyHandler> {
  let handler = loaded.get(module);
  if (!handler) {
    handler = import(pathToFileURL(join(functionsDir, `${module}.ts`)).href).then((exports: { handler?: AnyHandler }) => {
      const { handler: run } = exports;
      if (typeof run !== 'function') throw new Error(`functions/${module}.ts does not export a handler`);
      // Many invocations share this process: each gets its own log context, as each Lambda invocation does.
      return (event: unknown, context: Context) => withLogScope(() => run(event, context));
    });
    loaded.set(module, handler);
  }
  return handler;
}

/** The Lambda context object a handler receives, for the local runtime. */
export function lambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
