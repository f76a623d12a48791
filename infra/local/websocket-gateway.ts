import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { wsRoutes } from '../../functions/routes.ts';
import { readBody } from './http-adapter.ts';
import { lambdaContext, loadHandler } from './handlers.ts';

/** API Gateway WebSocket limits that shape client code: emulated so local behaves like AWS. */
export const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
export const MAX_CONNECTION_MS = 2 * 60 * 60 * 1000;
const MAX_MESSAGE_BYTES = 128 * 1024;

type Connection = { socket: WebSocket; connectedAt: number; lastActiveAt: number; sourceIp: string; userAgent: string; timers: NodeJS.Timeout[] };

const routeFor = (routeKey: '$connect' | '$disconnect' | '$default') => {
  const route = wsRoutes.find((candidate) => candidate.routeKey === routeKey);
  if (!route) throw new Error(`No WebSocket route ${routeKey}`);
  return route;
};

/**
 * The WebSocket half of the local gateway: upgrades `path`, invokes $connect/$default/$disconnect
 * with API Gateway's event shape, and serves the `@connections` management API that the real
 * ApiGatewayManagementApiClient talks to (POST to send, GET to inspect, DELETE to disconnect).
 */
export function createWebSocketGateway(server: Server, options: { path: string; stage: string }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Map<string, Connection>();

  const event = (
    routeKey: '$connect' | '$disconnect' | '$default',
    connectionId: string,
    connection: Pick<Connection, 'connectedAt' | 'sourceIp' | 'userAgent'>,
    extra: Partial<APIGatewayProxyWebsocketEventV2> & Record<string, unknown> = {},
  ): APIGatewayProxyWebsocketEventV2 => ({
    requestContext: {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      messageDirection: 'IN',
      connectionId,
      connectedAt: connection.connectedAt,
      requestTimeEpoch: Date.now(),
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      domainName: 'localhost',
      stage: options.stage,
      apiId: 'local-ws',
      requestTime: new Date().toUTCString(),
      messageId: randomUUID(),
    } as APIGatewayProxyWebsocketEventV2['requestContext'],
    isBase64Encoded: false,
    ...extra,
  });

  const invoke = async (routeKey: '$connect' | '$disconnect' | '$default', payload: APIGatewayProxyWebsocketEventV2) => {
    const route = routeFor(routeKey);
    const handler = await loadHandler(route.handler);
    return (await handler(payload, lambdaContext(route.name))) as APIGatewayProxyResultV2 | undefined;
  };

  const statusOf = (result: APIGatewayProxyResultV2 | undefined) =>
    typeof result === 'object' && result && 'statusCode' in result ? (result.statusCode ?? 200) : 200;

  const disconnect = (connectionId: string, code = 1000, reason = '') => {
    const connection = connections.get(connectionId);
    if (connection) connection.socket.close(code, reason);
  };

  const armIdleTimer = (connectionId: string, connection: Connection) => {
    connection.timers.forEach(clearTimeout);
    connection.timers = [
      setTimeout(() => disconnect(connectionId, 1001, 'Going away (idle timeout)'), IDLE_TIMEOUT_MS),
      setTimeout(() => disconnect(connectionId, 1001, 'Going away (2 hour limit)'), connection.connectedAt + MAX_CONNECTION_MS - Date.now()),
    ];
  };

  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node hands an upgraded socket over without its error listener: a client resetting the
    // connection while $connect runs must not become an uncaught 'error' that ends the process.
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://localhost');
    } catch {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    if (url.pathname !== options.path) {
      // Another upgrade listener (Vite's hot reload in dev mode) may own this path; if none, refuse.
      if (server.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const connectionId = randomBytes(12).toString('base64').replace(/[+/]/g, 'x');
    const meta = {
      connectedAt: Date.now(),
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      userAgent: String(request.headers['user-agent'] ?? ''),
    };
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const query = Object.fromEntries(url.searchParams);
    try {
      const result = await invoke('$connect', event('$connect', connectionId, meta, { headers, queryStringParameters: query } as Record<string, unknown>));
      const status = statusOf(result);
      if (status < 200 || status >= 300) {
        socket.end(`HTTP/1.1 ${status} Connection refused\r\nConnection: close\r\n\r\n`);
        return;
      }
    } catch (error) {
      console.error('WebSocket $connect failed:', error);
      socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const connection: Connection = { socket: ws, ...meta, lastActiveAt: Date.now(), timers: [] };
      connections.set(connectionId, connection);
      armIdleTimer(connectionId, connection);
      // A protocol violation (reserved opcode, bad UTF-8, a message over the 128 KB limit, ...):
      // ws has already answered with the close code (1002, 1007, 1009) and emits 'error', which
      // unhandled would end the whole process. Log it, make sure this one socket goes, keep serving.
      ws.on('error', (error: Error & { code?: string }) => {
        console.warn(`WebSocket ${connectionId} closed: ${error.message}${error.code ? ` (${error.code})` : ''}`);
        if (ws.readyState === ws.OPEN) ws.close(error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 1009 : error.code === 'WS_ERR_INVALID_UTF8' ? 1007 : 1002);
        // ws stops reading after a protocol error, so the client's closing reply never arrives:
        // drop the connection after a grace period instead of waiting out ws's 30 s close timeout.
        setTimeout(() => ws.terminate(), 1000).unref();
      });
      ws.on('message', (data) => {
        connection.lastActiveAt = Date.now();
        armIdleTimer(connectionId, connection);
        const body = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8');
        invoke('$default', event('$default', connectionId, meta, { body })).catch((error) => console.error('WebSocket $default failed:', error));
      });
      ws.on('close', () => {
        connection.timers.forEach(clearTimeout);
        connections.delete(connectionId);
        invoke('$disconnect', event('$disconnect', connectionId, meta)).catch((error) => console.error('WebSocket $disconnect failed:', error));
      });
    });
  };

  server.on('upgrade', (request, socket, head) => {
    onUpgrade(request, socket, head).catch((error: unknown) => {
      console.error('WebSocket upgrade failed:', error);
      socket.destroy();
    });
  });

  const gone = (response: ServerResponse) => {
    response.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
    response.end(JSON.stringify({ message: 'The connection is gone' }));
  };

  /** Handles `/@connections/{id}`; returns false for any other path. Only loopback may call it. */
  const handleManagement = async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<boolean> => {
    const match = /^\/(?:@|%40)connections\/([^/]+)$/.exec(url.pathname);
    if (!match) return false;
    const remote = request.socket.remoteAddress ?? '';
    if (!/^(127\.|::1$|::ffff:127\.)/.test(remote)) {
      response.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': 'ForbiddenException' });
      response.end(JSON.stringify({ message: 'Forbidden' }));
      return true;
    }
    const connectionId = decodeURIComponent(match[1] ?? '');
    const connection = connections.get(connectionId);
    if (!connection) {
      gone(response);
      return true;
    }
    switch (request.method) {
      case 'POST': {
        const data = await readBody(request);
        connection.socket.send(data.toString('utf8'));
        response.writeHead(200).end();
        return true;
      }
      case 'GET':
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            connectedAt: new Date(connection.connectedAt).toISOString(),
            lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
            identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
          }),
        );
        return true;
      case 'DELETE':
        disconnect(connectionId);
        response.writeHead(204).end();
        return true;
      default:
        response.writeHead(405, { allow: 'POST, GET, DELETE' }).end();
        return true;
    }
  };

  const close = async () => {
    for (const id of connections.keys()) disconnect(id, 1001, 'Server shutting down');
    await new Promise<void>((done) => wss.close(() => done()));
  };

  return { handleManagement, close, connectionCount: () => connections.size };
}
