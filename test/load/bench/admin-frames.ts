import { performance } from 'node:perf_hooks';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { DEFAULT_ADMIN, LOCAL_STAGE } from '../../../infra/local/environment.ts';
import { percentile, round } from './common.ts';

/* The time from a booking's 201 to the admin socket's `new-booking` frame. */

const FRAME_TIMEOUT_MS = 10_000;

/** An admin token: the local admin's sign-in, or (if that is refused) one signed with the stack's key. */
async function adminToken(base: string, jwtSecret: string): Promise<{ token: string; via: string }> {
  const response = await fetch(`${base}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password }),
  });
  const body = (await response.json().catch(() => ({}))) as { data?: { token?: string } };
  if (response.ok && body.data?.token) return { token: body.data.token, via: 'POST /api/auth/admin-login' };
  const token = await new SignJWT({ role: 'admin', name: DEFAULT_ADMIN.name, email: DEFAULT_ADMIN.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('bench-admin')
    .setIssuer('forest-resort')
    .setAudience(`forest-resort:${LOCAL_STAGE}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));
  return { token, via: `signed with .data/local-secrets.json (admin-login answered ${response.status})` };
}

export type FrameLatency = {
  bookings: number;
  created: number;
  framesReceived: number;
  framesMissing: number;
  timeoutMs: number;
  tokenVia: string;
  /** Frame arrival minus the 201's arrival: negative while the frame is sent inside the request. */
  afterResponse: { p50: number; p99: number; min: number; max: number };
  /** Frame arrival minus the request's start. */
  afterRequestStart: { p50: number; p99: number; min: number; max: number };
  response: { p50: number; p99: number };
};

/**
 * The time from a booking's commit (seen as its 201) to the admin socket's `new-booking` frame:
 * one admin socket, `bookings` sequential bookings, frames matched by booking reference whichever
 * comes first; a frame missing after FRAME_TIMEOUT_MS is counted, not waited for again.
 */
export async function commitToFrame(
  base: string,
  jwtSecret: string,
  bookings: number,
  nextBooking: () => { path: string; body: string; headers: Record<string, string> },
): Promise<FrameLatency> {
  const { token, via } = await adminToken(base, jwtSecret);
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws`);
  const frames = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  let joined: ((outcome: string) => void) | undefined;
  socket.on('message', (raw) => {
    const at = performance.now();
    let message: { event?: string; data?: Record<string, unknown> & { booking?: Record<string, unknown> } };
    try {
      message = JSON.parse(String(raw)) as typeof message;
    } catch {
      return;
    }
    if (message.event === 'joined' || message.event === 'join-refused') joined?.(message.event);
    if (message.event !== 'new-booking') return;
    const data = message.data ?? {};
    const reference = data.booking?.booking_reference ?? data.booking?.bookingReference ?? data.booking_reference ?? data.bookingReference;
    if (typeof reference !== 'string' || frames.has(reference)) return; // a repeated frame (a retried batch) counts once
    frames.set(reference, at);
    waiting.get(reference)?.();
  });
  await new Promise((opened, failed) => {
    socket.once('open', opened);
    socket.once('error', failed);
  });
  try {
    const outcome = await new Promise<string>((done) => {
      joined = done;
      socket.send(JSON.stringify({ action: 'join-admin', token }));
      setTimeout(() => done('timeout'), FRAME_TIMEOUT_MS);
    });
    if (outcome !== 'joined') throw new Error(`The admin socket was not joined (${outcome})`);

    const afterResponse: number[] = [];
    const afterStart: number[] = [];
    const responseTimes: number[] = [];
    let created = 0;
    let missing = 0;
    for (let index = 0; index <= bookings; index += 1) {
      const request = nextBooking();
      const started = performance.now();
      const response = await fetch(`${base}${request.path}`, { method: 'POST', headers: request.headers, body: request.body });
      const body = (await response.json().catch(() => ({}))) as { data?: { bookingReference?: string; booking?: { booking_reference?: string } } };
      const answered = performance.now();
      const reference = body.data?.bookingReference ?? body.data?.booking?.booking_reference;
      if (response.status !== 201 || !reference) {
        if (index > 0) console.error(`    booking ${index} answered ${response.status}`);
        continue;
      }
      if (!frames.has(reference)) {
        await new Promise<void>((arrived) => {
          // The first waits for the stream consumer to work off the backlog the load runs left (every
          // booking's frames, feed and e-mail), so the timed ones measure a consumer that keeps up.
          const timer = setTimeout(arrived, index === 0 ? 180_000 : FRAME_TIMEOUT_MS);
          waiting.set(reference, () => {
            clearTimeout(timer);
            arrived();
          });
        });
        waiting.delete(reference);
      }
      if (index === 0) continue; // the first one warms the socket path and fetch's connection
      created += 1;
      const frameAt = frames.get(reference);
      if (frameAt === undefined) {
        missing += 1;
        continue;
      }
      afterResponse.push(frameAt - answered);
      afterStart.push(frameAt - started);
      responseTimes.push(answered - started);
    }
    const stats = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        p50: round(percentile(sorted, 0.5), 2),
        p99: round(percentile(sorted, 0.99), 2),
        min: round(sorted[0] ?? 0, 2),
        max: round(sorted.at(-1) ?? 0, 2),
      };
    };
    const response = stats(responseTimes);
    return {
      bookings,
      created,
      framesReceived: afterResponse.length,
      framesMissing: missing,
      timeoutMs: FRAME_TIMEOUT_MS,
      tokenVia: via,
      afterResponse: stats(afterResponse),
      afterRequestStart: stats(afterStart),
      response: { p50: response.p50, p99: response.p99 },
    };
  } finally {
    await new Promise<void>((closed) => {
      if (socket.readyState === WebSocket.CLOSED) return closed();
      socket.once('close', () => closed());
      socket.close();
      setTimeout(closed, 2000);
    });
  }
}
