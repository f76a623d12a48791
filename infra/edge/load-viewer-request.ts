import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script, createContext } from 'node:vm';

export const viewerRequestPath = join(import.meta.dirname, 'viewer-request.js');

type ViewerRequest = { uri: string; method?: string; headers?: Record<string, { value: string }> };
type ViewerRequestHandler = (event: { request: ViewerRequest }) => ViewerRequest;

/** Loads the CloudFront Function's source in a sandbox, as its runtime would, for tests and the local server. */
export function loadViewerRequest(): ViewerRequestHandler {
  const sandbox: { handler?: ViewerRequestHandler } = {};
  new Script(readFileSync(viewerRequestPath, 'utf8'), { filename: viewerRequestPath }).runInContext(createContext(sandbox));
  if (typeof sandbox.handler !== 'function') throw new Error('viewer-request.js must define function handler(event)');
  return sandbox.handler;
}
