import type { IncomingMessage, ServerResponse } from 'node:http';
import { jobs } from '../../functions/routes.ts';
import { lambdaContext, loadHandler } from './handlers.ts';
import { readBody } from './http-adapter.ts';

/** The path of Lambda's Invoke API: `POST /2015-03-31/functions/{name}/invocations`. */
export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/**
 * The local stand-in for Lambda's Invoke (RequestResponse) of a job's function, as a route that
 * runs its work there calls it on AWS (functions/lib/channels/sync-worker.ts): the job's handler
 * runs in this process and its return value is the answer; a throw is a function error, as Lambda
 * reports one (`X-Amz-Function-Error: Unhandled`, status 200).
 */
export async function handleInvoke(request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> {
  const name = INVOKE_PATH.exec(url.pathname)?.[1];
  if (!name || request.method !== 'POST') return false;
  const job = jobs.find((candidate) => candidate.name === decodeURIComponent(name));
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  if (!job) {
    send(404, { Type: 'User', message: `Function not found: ${name}` }, { 'x-amzn-errortype': 'ResourceNotFoundException' });
    return true;
  }
  try {
    const text = (await readBody(request)).toString('utf8');
    const handler = await loadHandler(job.handler);
    send(200, (await handler(text ? JSON.parse(text) : {}, lambdaContext(job.name, 60_000))) ?? null);
  } catch (error) {
    console.error(`Job ${job.name} failed:`, error);
    send(
      200,
      { errorType: (error as Error).name ?? 'Error', errorMessage: (error as Error).message ?? String(error) },
      { 'x-amz-function-error': 'Unhandled' },
    );
  }
  return true;
}
