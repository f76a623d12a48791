import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import type { SiteConfig } from '../../shared/api.ts';
import { loadViewerRequest } from '../edge/load-viewer-request.ts';
import { securityHeaders } from '../site-headers.ts';
import { BodyTooLargeError, invokeHttpRoute, readBody, toHttpApiEvent, writeResult } from './http-adapter.ts';
import { createRouteMatcher } from './route-matcher.ts';
import { createWebSocketGateway } from './websocket-gateway.ts';
import { jobs } from '../../functions/routes.ts';
import { lambdaContext, loadHandler } from './handlers.ts';

function startJobTimers(): NodeJS.Timeout[] {
  return jobs.map((job) =>
    setInterval(() => {
      loadHandler(job.handler)
        .then((handler) => handler({ source: 'local.scheduler', 'detail-type': 'Scheduled Event' }, lambdaContext(job.name)))
        .catch((error: unknown) => console.error(`Job ${job.name} failed:`, error));
    }, job.everyMinutes * 60_000),
  );
}

export const WS_PATH = '/ws';

export type LocalServerOptions = {
  port: number;
  host?: string;
  stage: string;
  paymentMode: SiteConfig['paymentMode'];
  /** The built SPA (dist/web); ignored in dev mode, where Vite serves the app with hot reload. */
  webRoot: string;
  dev?: boolean;
  /** Run the scheduled jobs (the hold sweeper) on timers, as EventBridge does on AWS. */
  runJobs?: boolean;
};

export type LocalServer = { url: string; port: number; close: () => Promise<void> };

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

/**
 * One process, one port, like the deployed site behind CloudFront: the SPA, `/config.json`,
 * `/api/*` through the route table to the real handlers, and `/ws` through the WebSocket gateway.
 * The function environment (TABLE_NAME, DYNAMODB_ENDPOINT, ...) must be set before it is called.
 */
export async function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  const match = createRouteMatcher();
  const rewrite = loadViewerRequest();
  const server = createServer();
  const gateway = createWebSocketGateway(server, { path: WS_PATH, stage: options.stage });

  let vite: import('vite').ViteDevServer | undefined;
  let serveStatic: ReturnType<typeof sirv> | undefined;
  if (options.dev) {
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({ configFile: join(import.meta.dirname, '..', '..', 'vite.config.ts'), server: { middlewareMode: true, hmr: { server } }, appType: 'spa' });
  } else {
    if (!existsSync(join(options.webRoot, 'index.html'))) throw new Error(`No built web app in ${options.webRoot}: run npm run build`);
    serveStatic = sirv(options.webRoot, {
      etag: true,
      setHeaders: (response, pathname) => {
        // Hashed assets never change; the shell and config must always be fresh.
        response.setHeader('cache-control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const siteConfig = (request: IncomingMessage): SiteConfig => {
    const host = request.headers.host ?? `localhost:${options.port}`;
    return { stage: options.stage, apiUrl: '/api', wsUrl: `ws://${host}${WS_PATH}`, paymentMode: options.paymentMode };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`);
    if (await gateway.handleManagement(request, response, url)) return;

    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      const matched = match(request.method ?? 'GET', url.pathname);
      if (!matched) return sendJson(response, 404, { success: false, error: `Not Found: no route for ${request.method} ${url.pathname}` });
      let body: Buffer;
      try {
        body = await readBody(request);
      } catch (error) {
        if (error instanceof BodyTooLargeError) return sendJson(response, 413, { success: false, error: 'Request Entity Too Large' });
        throw error;
      }
      return writeResult(response, await invokeHttpRoute(toHttpApiEvent(request, url, matched, body), matched));
    }

    if (url.pathname === '/config.json') return sendJson(response, 200, siteConfig(request));

    if (vite) return vite.middlewares(request, response);

    const host = request.headers.host ?? 'localhost';
    for (const [name, value] of Object.entries(securityHeaders(`ws://${host}`))) {
      if (name !== 'strict-transport-security') response.setHeader(name, value);
    }
    request.url = rewrite({ request: { uri: url.pathname } }).uri + url.search;
    serveStatic?.(request, response, () => sendJson(response, 404, { success: false, error: 'Not Found' }));
  };

  server.on('request', (request, response) => {
    handle(request, response).catch((error) => {
      console.error('Local gateway error:', error);
      if (!response.headersSent) sendJson(response, 500, { success: false, error: 'Internal Server Error' });
      else response.end();
    });
  });

  const timers = options.runJobs ? startJobTimers() : [];

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });

  return {
    url: `http://${!options.host || ['127.0.0.1', '0.0.0.0', '::'].includes(options.host) ? 'localhost' : options.host}:${options.port}`,
    port: options.port,
    close: async () => {
      timers.forEach(clearInterval);
      await gateway.close();
      await vite?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
