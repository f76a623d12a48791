import type { ViteDevServer } from 'vite';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { hostname as machineHostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import sirv from 'sirv';
import type { SiteConfig } from '../../shared/api.ts';
import type { DisplayCurrencies } from '../../shared/display-currency.ts';
import { stageConfig } from '../stage-config.ts';
import { loadViewerRequest } from '../edge/load-viewer-request.ts';
import { securityHeaders } from '../site-headers.ts';
import { jsonHeaders } from '../../functions/lib/http/json-response.ts';
import { HASHED_ASSET_CACHE, SHELL_CACHE } from '../site-cache.ts';
import { BodyTooLargeError, invokeHttpRoute, readBody, toHttpApiEvent, writeResult } from './http-adapter.ts';
import { handleInvoke, INVOKE_PATH } from './lambda-invoke.ts';
import { SAMPLE_CHANNEL_PATH, sampleChannelCalendar } from './sample-channel.ts';
import { createRouteMatcher, MalformedPathError, type RouteMatch } from './route-matcher.ts';
import { createWebSocketGateway } from './websocket-gateway.ts';
import { jobs, streamConsumers } from '../../functions/routes.ts';
import { startStreamReader, type StreamHandler, type StreamReader } from './stream-reader.ts';
import { lambdaContext, loadHandler } from './handlers.ts';
import { LOCAL_STAGE } from './environment.ts';
import { createMailInbox, INBOX_PATH } from './mail-inbox.ts';
import { createMediaStore, MEDIA_PATH, MEDIA_UPLOAD_PATH } from './media-store.ts';

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
  /** The display currencies' rates in /config.json; by default the stage config's (a local stage has dev's). */
  displayCurrencies?: DisplayCurrencies;
  /** The built SPA (dist/web); ignored in dev mode, where Vite serves the app with hot reload. */
  webRoot: string;
  dev?: boolean;
  /** Run the scheduled jobs (the hold sweeper) on timers, as EventBridge does on AWS. */
  runJobs?: boolean;
  /**
   * Read the table's stream and invoke its consumer, as the event source mapping does on AWS (on
   * unless false). `checkpointFile` lets a restart resume where the last run stopped.
   */
  streamConsumer?: false | { checkpointFile?: string; failureFile?: string };
  /** The local outbox (MAIL_OUTBOX_DIR), read as an inbox at /_dev/mail: on the local stage only. */
  outboxDir?: string;
  /** Where staff's image uploads are kept (the site bucket's `media/` on AWS): taken at /_media/upload, served at /media/. */
  mediaDir?: string;
};

/** `close` stops accepting, lets requests under way finish and (unless `drain: false`) the stream consumer catch up. */
export type LocalServer = { url: string; port: number; close: (options?: { drain?: boolean }) => Promise<void> };

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST_HEADER = new RegExp(`^(?:\\[([0-9a-f:.]+)\\]|(${LABEL}(?:\\.${LABEL})*))(?::(\\d{1,5}))?$`, 'i');
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const WILDCARD_HOSTS = ['', '0.0.0.0', '::'];
const withPort = (name: string, port: number) => `${name.includes(':') ? `[${name}]` : name}:${port}`;

/** A Host header's name and port if it is strictly `hostname`, `a.b.c.d` or `[ipv6]` with an optional port. */
export function parseHostHeader(value: string | undefined): { hostname: string; port: number | undefined } | undefined {
  const parsed = value === undefined ? null : HOST_HEADER.exec(value);
  if (!parsed) return undefined;
  return { hostname: (parsed[1] ?? parsed[2] ?? '').toLowerCase(), port: parsed[3] === undefined ? undefined : Number(parsed[3]) };
}

/**
 * The `host:port` browsers are told to open `/ws` on (in `/config.json`) and that the CSP allows.
 * Never the raw Host header: that one is reflected only when it is well formed, names this
 * server's port and names this server (the configured host, a loopback name, or, when listening on
 * all interfaces, one of this machine's addresses or its host name, which a phone on the LAN uses).
 * Anything else gets the configured host (for a wildcard: this machine's first LAN address).
 */
export function publicHost(
  hostHeader: string | undefined,
  listening: { host: string; port: number },
  machine: { interfaces: ReturnType<typeof networkInterfaces>; hostname: string } = { interfaces: networkInterfaces(), hostname: machineHostname() },
): string {
  const configured = listening.host.replace(/^\[|\]$/g, '').toLowerCase();
  const wildcard = WILDCARD_HOSTS.includes(configured);
  const addresses = Object.values(machine.interfaces).flatMap((entries) => entries ?? []);
  const known = new Set([...LOOPBACK_NAMES, ...(wildcard ? [] : [configured])]);
  if (wildcard) {
    for (const { address } of addresses) known.add(address.toLowerCase());
    const name = machine.hostname.toLowerCase();
    known.add(name).add(name.endsWith('.local') ? name : `${name}.local`);
  }
  const requested = parseHostHeader(hostHeader);
  if (requested && (requested.port ?? 80) === listening.port && known.has(requested.hostname)) return withPort(requested.hostname, listening.port);
  if (!wildcard) return withPort(LOOPBACK_NAMES.includes(configured) || configured.startsWith('127.') ? 'localhost' : configured, listening.port);
  const lan = addresses.find((entry) => entry.family === 'IPv4' && !entry.internal);
  return withPort(lan?.address ?? 'localhost', listening.port);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, jsonHeaders);
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

  let vite: ViteDevServer | undefined;
  let serveStatic: ReturnType<typeof sirv> | undefined;
  if (options.dev) {
    const { createServer: createViteServer } = await import('vite');
    vite = await createViteServer({
      configFile: join(import.meta.dirname, '..', '..', 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    });
  } else {
    if (!existsSync(join(options.webRoot, 'index.html'))) throw new Error(`No built web app in ${options.webRoot}: run npm run build`);
    serveStatic = sirv(options.webRoot, {
      etag: true,
      // The build's brotli and gzip copies (vite.config.ts), by the request's Accept-Encoding, as CloudFront compresses.
      brotli: true,
      gzip: true,
      setHeaders: (response, pathname) => {
        response.setHeader('cache-control', pathname.startsWith('/assets/') ? HASHED_ASSET_CACHE : SHELL_CACHE);
      },
    });
  }

  const webSocketHost = (request: IncomingMessage) => {
    const address = server.address();
    return publicHost(request.headers.host, { host: options.host ?? '127.0.0.1', port: typeof address === 'object' && address ? address.port : options.port });
  };
  const displayCurrencies = options.displayCurrencies ?? stageConfig(options.stage).displayCurrencies;
  const { contact } = stageConfig(options.stage);
  const siteConfig = (request: IncomingMessage): SiteConfig => ({
    stage: options.stage,
    apiUrl: '/api',
    wsUrl: `ws://${webSocketHost(request)}${WS_PATH}`,
    paymentMode: options.paymentMode,
    displayCurrencies,
    contact,
  });

  const inbox = options.outboxDir && options.stage === LOCAL_STAGE ? createMailInbox(options.outboxDir) : undefined;
  const media = options.mediaDir ? createMediaStore(options.mediaDir) : undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    // Built without the Host header, which is the client's to choose (and may not even parse).
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      return sendJson(response, 400, { success: false, error: 'Bad Request' });
    }
    if (await gateway.handleManagement(request, response, url)) return;
    if (await handleInvoke(request, response, url)) return;

    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
      let matched: RouteMatch | undefined;
      try {
        matched = match(request.method ?? 'GET', url.pathname);
      } catch (error) {
        if (error instanceof MalformedPathError) return sendJson(response, 400, { success: false, error: error.message });
        throw error;
      }
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

    if (url.pathname === '/config.json') {
      response.writeHead(200, { ...jsonHeaders, 'cache-control': SHELL_CACHE });
      return response.end(JSON.stringify(siteConfig(request)));
    }

    // The local runtime's own pages: never the SPA's, and none at all without the inbox.
    if (url.pathname === SAMPLE_CHANNEL_PATH) {
      response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'no-store' });
      response.end(sampleChannelCalendar());
      return;
    }
    if (url.pathname === '/_dev' || url.pathname.startsWith('/_dev/')) {
      if (inbox && (url.pathname === INBOX_PATH || url.pathname.startsWith(`${INBOX_PATH}/`))) return inbox(request, response, url);
      return sendJson(response, 404, { success: false, error: 'Not Found' });
    }

    if (url.pathname === MEDIA_UPLOAD_PATH || url.pathname.startsWith(MEDIA_PATH)) {
      if (!media) return sendJson(response, 404, { success: false, error: 'Not Found: this server keeps no uploads' });
      return url.pathname === MEDIA_UPLOAD_PATH ? media.upload(request, response) : media.serve(request, response);
    }

    if (vite) return vite.middlewares(request, response);

    for (const [name, value] of Object.entries(securityHeaders(`ws://${webSocketHost(request)}`))) {
      if (name !== 'strict-transport-security') response.setHeader(name, value);
    }
    request.url = rewrite({ request: { uri: url.pathname } }).uri + url.search;
    serveStatic?.(request, response, () => sendJson(response, 404, { success: false, error: 'Not Found' }));
  };

  // Stopping stops accepting first (503), lets the requests under way finish, then lets the stream
  // consumer catch up, so a booking that was answered also gets its e-mail.
  let draining = false;
  let inFlight = 0;
  let streamReader: StreamReader | undefined;
  server.on('request', (request, response) => {
    // The gateway's own APIs (@connections, and Invoke for a route's job) serve requests already under way.
    const management = /^\/(?:@|%40)connections\//.test(request.url ?? '') || INVOKE_PATH.test((request.url ?? '').split('?')[0] ?? '');
    if (!management) {
      if (draining) {
        response.setHeader('connection', 'close');
        return sendJson(response, 503, { success: false, error: 'The server is shutting down' });
      }
      inFlight += 1;
    }
    // Counted until the handler is done, not until the client hangs up: its writes still run.
    handle(request, response)
      .finally(() => {
        if (!management) inFlight -= 1;
        // What a route or a job wrote reaches the stream consumer now, not at the reader's next idle
        // read; the site's own files write nothing, so a page load leaves the reader idle.
        if (management || /^\/api(?:[/?]|$)/.test(request.url ?? '')) streamReader?.wake();
      })
      .catch((error) => {
        console.error('Local gateway error:', error);
        if (!response.headersSent) sendJson(response, 500, { success: false, error: 'Internal Server Error' });
        else response.end();
      });
  });

  const timers = options.runJobs ? startJobTimers() : [];

  if (options.streamConsumer !== false) {
    const consumer = streamConsumers[0];
    const consume = await loadHandler(consumer.handler);
    streamReader = await startStreamReader({
      endpoint: process.env.DYNAMODB_ENDPOINT ?? '',
      tableName: process.env.TABLE_NAME ?? '',
      handler: ((event) => consume(event, lambdaContext(consumer.name, 60_000))) as StreamHandler,
      ...(options.streamConsumer?.checkpointFile ? { checkpointFile: options.streamConsumer.checkpointFile } : {}),
      ...(options.streamConsumer?.failureFile ? { failureFile: options.streamConsumer.failureFile } : {}),
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });

  return {
    url: `http://${!options.host || ['127.0.0.1', '0.0.0.0', '::'].includes(options.host) ? 'localhost' : options.host}:${options.port}`,
    port: options.port,
    close: async ({ drain = true } = {}) => {
      draining = true;
      timers.forEach(clearInterval);
      const deadline = Date.now() + 10_000;
      while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      if (streamReader) {
        if (drain) await streamReader.drain(10_000);
        await streamReader.stop();
      }
      await gateway.close();
      await vite?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
