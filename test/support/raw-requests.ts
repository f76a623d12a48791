import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { withTimeout } from './npm-start.ts';

/* Requests and WebSocket frames written byte for byte, as no well-behaved client would send them. */

/** One HTTP/1.1 request written byte for byte, so the Host header is whatever the test says. */
export function rawRequest(
  port: number,
  path: string,
  host: string,
  extraHeaders = '',
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return withTimeout(
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${extraHeaders || 'Connection: close\r\n'}\r\n`));
      let raw = '';
      socket.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      socket.once('error', reject);
      socket.once('close', () => {
        const [head = '', ...rest] = raw.split('\r\n\r\n');
        const [statusLine = '', ...lines] = head.split('\r\n');
        const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
      });
    }),
    10_000,
    `GET ${path}`,
  );
}

/** The body of a chunked or plain response, parsed as JSON. */
export const json = (response: { headers: Record<string, string>; body: string }) => {
  if (response.headers['transfer-encoding'] !== 'chunked') return JSON.parse(response.body) as Record<string, unknown>;
  let text = '';
  let rest = response.body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) break;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
  return JSON.parse(text) as Record<string, unknown>;
};

/**
 * A real WebSocket handshake on a raw TCP socket, then `frame` written as is; resolves with the
 * close code of the server's first frame (which must be a close frame).
 */
export function closeCodeAfterRawFrame(port: number, frame: Buffer): Promise<number> {
  return withTimeout(
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write(
          `GET /ws HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        ),
      );
      let buffer = Buffer.alloc(0);
      let upgraded = false;
      socket.on('data', (chunk: Buffer) => {
        buffer = Buffer.concat([buffer, chunk]);
        if (!upgraded) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          if (!head.startsWith('HTTP/1.1 101')) return reject(new Error(`no upgrade: ${head}`));
          upgraded = true;
          buffer = buffer.subarray(end + 4);
          socket.write(frame);
        }
        if (buffer.length < 4) return;
        const opcode = (buffer[0] ?? 0) & 0x0f;
        socket.destroy();
        if (opcode !== 0x8) return reject(new Error(`expected a close frame, got opcode ${opcode}`));
        resolve(buffer.readUInt16BE(2));
      });
      socket.once('error', reject);
      socket.once('close', () => reject(new Error('the connection closed without a close frame')));
    }),
    10_000,
    'the close frame',
  );
}

/** A healthy client next to the broken ones: it opens, joins, and is answered. */
export async function healthySocketWorks(port: number): Promise<void> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const reply = new Promise<{ event: string }>((resolve, reject) => {
    socket.once('message', (raw) => resolve(JSON.parse(String(raw)) as { event: string }));
    socket.once('error', reject);
  });
  await withTimeout(
    new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    }),
    10_000,
    'a healthy WebSocket',
  );
  socket.send(JSON.stringify({ action: 'join-customer', userId: 'guest' }));
  expect((await withTimeout(reply, 10_000, 'the join reply')).event).toBe('joined');
  socket.close();
}

export const mask = () => randomBytes(4);
