import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log, redact, REDACTED, setLogContext, withLogScope } from '../../functions/lib/logger.ts';

const JWT = 'eyJhbGciOiJIUzI1NiIsImtpZCI6InYxIn0.eyJzdWIiOiJ1c2VyLTEiLCJleHAiOjE3OTk5OTk5OTl9.c2lnbmF0dXJlLWJ5dGVz';

/** Every line written through console, parsed. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const keep = (line: unknown) => lines.push(JSON.parse(String(line)) as Record<string, unknown>);
  for (const method of ['debug', 'log', 'warn', 'error'] as const) vi.spyOn(console, method).mockImplementation(keep);
  return lines;
}

beforeEach(() => setLogContext({}));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the logger', () => {
  it('writes one JSON line per call: timestamp, level, message, the context, then the fields', () => {
    const lines = capture();
    const error = vi.spyOn(console, 'error');
    setLogContext({ requestId: 'req-1', route: 'create-booking', role: 'customer' });
    log.error('Could not release an expired hold', { bookingId: 'b-1', failed: 2 });
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]?.[0])).not.toContain('\n');
    expect(lines).toEqual([
      {
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        level: 'error',
        message: 'Could not release an expired hold',
        requestId: 'req-1',
        route: 'create-booking',
        role: 'customer',
        bookingId: 'b-1',
        failed: 2,
      },
    ]);
    expect(Object.keys(lines[0] ?? {}).slice(0, 3)).toEqual(['timestamp', 'level', 'message']);
  });

  it('goes to the console method of its level, and drops lines below the application log level Lambda sets', () => {
    const lines = capture();
    log.debug('not by default');
    log.info('info');
    log.warn('warn');
    expect(lines.map((line) => line.level)).toEqual(['info', 'warn']);
    expect(console.log).toHaveBeenCalledOnce();
    expect(console.warn).toHaveBeenCalledOnce();

    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'DEBUG');
    log.debug('now shown');
    vi.stubEnv('AWS_LAMBDA_LOG_LEVEL', 'ERROR');
    log.warn('dropped');
    log.error('kept');
    expect(lines.slice(2).map((line) => line.message)).toEqual(['now shown', 'kept']);
  });

  it('writes the same line straight to stdout on Lambda, where the runtime would otherwise nest it under its own message', () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'forest-resort-dev-create-booking');
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs24.x');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => written.push(String(chunk)) > 0);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setLogContext({ requestId: 'aws-req', route: 'table-events' });
    log.error('Mail rejected; not retried', { eventId: 'e-1' });
    expect(error).not.toHaveBeenCalled();
    expect(written).toHaveLength(1);
    expect(written[0]?.endsWith('}\n')).toBe(true);
    expect(JSON.parse(written[0] ?? '')).toMatchObject({
      level: 'error',
      message: 'Mail rejected; not retried',
      requestId: 'aws-req',
      route: 'table-events',
      eventId: 'e-1',
    });
  });

  it('replaces the context on each setLogContext, so nothing of the last invocation is carried over', () => {
    const lines = capture();
    setLogContext({ requestId: 'first', route: 'get-booking', role: 'admin' });
    log.info('one');
    setLogContext({ requestId: 'second', route: 'release-expired-holds' });
    log.info('two');
    setLogContext({});
    log.info('three');
    expect(lines.map(({ requestId, route, role }) => ({ requestId, route, role }))).toEqual([
      { requestId: 'first', route: 'get-booking', role: 'admin' },
      { requestId: 'second', route: 'release-expired-holds', role: undefined },
      { requestId: undefined, route: undefined, role: undefined },
    ]);
  });

  it('keeps concurrent invocations apart when each runs in its own scope (the local runtime)', async () => {
    const lines = capture();
    const invocation = (requestId: string, delayMs: number) =>
      withLogScope(async () => {
        setLogContext({ requestId, route: 'list-bookings' });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        // The role is learnt after an await, deep in the chain: the whole invocation still sees it.
        await (async () => setLogContext({ requestId, route: 'list-bookings', role: `role-of-${requestId}` }))();
        log.info('done');
      });
    await Promise.all([invocation('a', 20), invocation('b', 5)]);
    expect(lines.map(({ requestId, role }) => `${String(requestId)}:${String(role)}`).sort()).toEqual(['a:role-of-a', 'b:role-of-b']);
  });

  it('never writes a secret: secret-sounding keys, JWTs, Bearer credentials and proofs in links are redacted, in fields and message', () => {
    const lines = capture();
    log.warn(`Token ${JWT} refused`, {
      headers: { authorization: `Bearer ${JWT}`, Cookie: 'session=abc', 'x-api-key': 'k-123', 'user-agent': 'Mozilla/5.0' },
      password: 'hunter2',
      passwordHash: 'scrypt$c2FsdA$aGFzaA',
      jwtSecret: 'shh',
      signature: 'deadbeef',
      tokens: ['a', 'b'],
      secretId: 'arn:aws:secretsmanager:ap-south-1:1:secret:jwt',
      note: `forwarded Bearer abc.def-ghi and ${JWT}`,
      manageUrl: 'https://resort.example/booking/VM1?token=7d9b3a52.abc&from=mail',
      nested: [{ deeper: { refresh_token: 'r-1', id: 'kept' } }],
    });
    const [line] = lines;
    const text = JSON.stringify(lines);
    for (const secret of ['eyJ', 'hunter2', 'c2FsdA', 'shh', 'deadbeef', 'session=abc', 'k-123', 'abc.def-ghi', '7d9b3a52', 'r-1'])
      expect(text).not.toContain(secret);
    expect(line).toMatchObject({
      message: `Token ${REDACTED} refused`,
      headers: { authorization: REDACTED, Cookie: REDACTED, 'x-api-key': REDACTED, 'user-agent': 'Mozilla/5.0' },
      password: REDACTED,
      tokens: REDACTED,
      // Which secret, not its value: kept.
      secretId: 'arn:aws:secretsmanager:ap-south-1:1:secret:jwt',
      note: `forwarded Bearer ${REDACTED} and ${REDACTED}`,
      manageUrl: `https://resort.example/booking/VM1?token=${REDACTED}&from=mail`,
      nested: [{ deeper: { refresh_token: REDACTED, id: 'kept' } }],
    });
  });

  it('writes errors as name, message and code (redacted too), and survives cycles, depth and odd values', () => {
    const lines = capture();
    const failure = Object.assign(new TypeError(`bad token ${JWT}`), { code: 'E_BAD', $response: { body: 'a whole HTTP response' } });
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    log.error('Failed', { error: failure, cycle, deep: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }, when: new Date(0), big: 10n, fn: () => 1 });
    expect(lines[0]).toMatchObject({
      error: { name: 'TypeError', message: `bad token ${REDACTED}`, code: 'E_BAD' },
      cycle: { name: 'loop', self: '[circular]' },
      when: '1970-01-01T00:00:00.000Z',
      big: '10',
    });
    expect(JSON.stringify(lines[0])).not.toContain('whole HTTP response');
    expect(JSON.stringify(lines[0])).toContain('[nested too deep]');
    expect(lines[0]).not.toHaveProperty('fn');
    expect(redact({ same: 'x', list: [cycle, cycle] })).toEqual({
      same: 'x',
      list: [
        { name: 'loop', self: '[circular]' },
        { name: 'loop', self: '[circular]' },
      ],
    });
  });

  it('keeps its own timestamp, level and message whatever the fields say', () => {
    const lines = capture();
    log.info('real', { level: 'error', message: 'forged', timestamp: 'never' });
    expect(lines[0]).toMatchObject({ level: 'info', message: 'real' });
    expect(lines[0]?.timestamp).not.toBe('never');
  });
});
