import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parseHostHeader, publicHost } from '../../infra/local/server.ts';

/** A laptop on a home network: loopback, one LAN address, a link-local IPv6 address. */
const laptop = {
  hostname: 'laptop',
  interfaces: {
    lo: [
      { address: '127.0.0.1', family: 'IPv4', internal: true },
      { address: '::1', family: 'IPv6', internal: true },
    ],
    wlan0: [
      { address: '192.168.1.20', family: 'IPv4', internal: false },
      { address: 'fd00::20', family: 'IPv6', internal: false },
    ],
  } as unknown as Record<string, NetworkInterfaceInfo[]>,
};

describe('parseHostHeader', () => {
  it('accepts a host name, an IPv4 address or a bracketed IPv6 address, with an optional port', () => {
    expect(parseHostHeader('LocalHost:3000')).toEqual({ hostname: 'localhost', port: 3000 });
    expect(parseHostHeader('192.168.1.20')).toEqual({ hostname: '192.168.1.20', port: undefined });
    expect(parseHostHeader('[::1]:8080')).toEqual({ hostname: '::1', port: 8080 });
  });

  it('refuses anything else', () => {
    for (const value of [
      undefined,
      '',
      'bad host',
      'a b:3000',
      'evil.example/ws',
      'x:3000:4',
      '[::1',
      '-a.example',
      'a..b',
      'host:',
      'user@host',
      'a.example:123456',
    ]) {
      expect(parseHostHeader(value), String(value)).toBeUndefined();
    }
  });
});

describe("publicHost: where /config.json and the CSP send the browser's WebSocket", () => {
  const loopback = { host: '127.0.0.1', port: 3000 };
  const everywhere = { host: '0.0.0.0', port: 3000 };

  it('on the default loopback host: the name the page was opened by if it is a loopback name, else localhost', () => {
    expect(publicHost('127.0.0.1:3000', loopback, laptop)).toBe('127.0.0.1:3000');
    expect(publicHost('localhost:3000', loopback, laptop)).toBe('localhost:3000');
    expect(publicHost('[::1]:3000', loopback, laptop)).toBe('[::1]:3000');
    for (const forged of ['evil.example', 'evil.example:3000', '192.168.1.20:3000', 'localhost:3001', 'bad host', undefined]) {
      expect(publicHost(forged, loopback, laptop), String(forged)).toBe('localhost:3000');
    }
  });

  it("on all interfaces: this machine's addresses and name are kept, anything else gets its LAN address", () => {
    expect(publicHost('192.168.1.20:3000', everywhere, laptop)).toBe('192.168.1.20:3000');
    expect(publicHost('[fd00::20]:3000', everywhere, laptop)).toBe('[fd00::20]:3000');
    expect(publicHost('laptop.local:3000', everywhere, laptop)).toBe('laptop.local:3000');
    expect(publicHost('localhost:3000', everywhere, laptop)).toBe('localhost:3000');
    for (const forged of ['evil.example:3000', 'evil.example', '192.168.1.20:3001', '10.0.0.1:3000', 'a b', undefined]) {
      expect(publicHost(forged, everywhere, laptop), String(forged)).toBe('192.168.1.20:3000');
    }
    expect(publicHost('evil.example:3000', { host: '::', port: 3000 }, { hostname: 'box', interfaces: { lo: laptop.interfaces.lo ?? [] } })).toBe(
      'localhost:3000',
    );
  });

  it('on a named host: that host, and a Host without a port means port 80', () => {
    expect(publicHost('evil.example:8080', { host: 'resort.lan', port: 8080 }, laptop)).toBe('resort.lan:8080');
    expect(publicHost('RESORT.lan:8080', { host: 'resort.lan', port: 8080 }, laptop)).toBe('resort.lan:8080');
    expect(publicHost('resort.lan', { host: 'resort.lan', port: 80 }, laptop)).toBe('resort.lan:80');
    expect(publicHost('resort.lan', { host: 'resort.lan', port: 8080 }, laptop)).toBe('resort.lan:8080');
    expect(publicHost('x', { host: '::1', port: 3000 }, laptop)).toBe('localhost:3000');
  });
});
