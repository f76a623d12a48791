import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { channelMessages } from '../../../shared/channels.ts';
import { UpstreamError } from '../domain-errors.ts';

/*
 * Fetching a channel's calendar safely (docs/product.md#calendar-sync): the address is a stranger's
 * input, so a fetch must not reach the resort's own network (SSRF), hang, or swallow memory.
 * - https only; on the local stage also http to this machine (tests and the bench serve feeds);
 * - every address a name resolves to must be public, checked when the socket connects (a DNS
 *   answer cannot change between the check and the connection), and again for every redirect;
 * - at most 3 redirects, 10 seconds from first byte sent to last byte read, 2 MB of body;
 * - conditional: the last ETag and Last-Modified go along, and 304 means nothing changed.
 */
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export type FetchPolicy = { local: boolean; timeoutMs?: number; maxBytes?: number };
export type FeedValidators = { etag?: string | undefined; lastModified?: string | undefined };
export type FetchedFeed = { kind: 'not-modified' } | { kind: 'fresh'; text: string; etag?: string; lastModified?: string };

const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  notPublic.addSubnet(network, prefix, 'ipv6');

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address is on the public internet (an IPv4-mapped IPv6 address is judged by its IPv4 part). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  const family = isIP(plain);
  if (family === 0) return false;
  return !notPublic.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

const allowedAddress = (address: string, policy: FetchPolicy) => {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
  return isPublicAddress(address) || (policy.local && LOOPBACK.check(mapped, isIP(mapped) === 6 ? 'ipv6' : 'ipv4'));
};

/** The address rules that need no network: the scheme, no credentials in it. */
export function feedUrlProblem(value: string, policy: FetchPolicy): string | undefined {
  if (!URL.canParse(value)) return 'The calendar address is not a URL';
  const url = new URL(value);
  const localHttp = policy.local && url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !localHttp) return channelMessages.https;
  if (url.username || url.password) return 'The calendar address must not carry a user name or password';
  // A socket connects to an IP literal without a lookup: its address is judged here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !allowedAddress(literal, policy)) return 'The calendar address leads to a private network';
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name resolving to any address outside the policy: used by the socket itself. */
const guardedLookup = (policy: FetchPolicy) => (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((entry) => !allowedAddress(entry.address, policy));
    if (refused || addresses.length === 0) return callback(Object.assign(new Error('private address'), { code: 'EPRIVATE' }), []);
    if (options.all) return callback(null, addresses);
    const [first] = addresses;
    return callback(null, first?.address ?? '', first?.family);
  });
};

function get(url: URL, headers: Record<string, string>, policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'GET', headers, lookup: guardedLookup(policy) as never, signal },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const tooLarge = (maxBytes: number) => new UpstreamError(`The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);

/** The feed, or why not, in words for the channel's row (UpstreamError). */
export async function fetchFeed(address: string, validators: FeedValidators, policy: FetchPolicy): Promise<FetchedFeed> {
  const timeoutMs = policy.timeoutMs ?? FEED_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const headers: Record<string, string> = {
    'user-agent': 'ForestResort-CalendarSync/1.0',
    accept: 'text/calendar, text/plain;q=0.8, */*;q=0.5',
    ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
    ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
  };
  let url = new URL(address);
  try {
    for (let redirects = 0; ; redirects += 1) {
      const problem = feedUrlProblem(url.href, policy);
      if (problem) throw new UpstreamError(redirects ? `The channel redirected to an address that is not allowed: ${problem}` : problem);
      const response = await get(url, headers, policy, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && status !== 304) {
        response.resume();
        const location = response.headers.location;
        if (!location || redirects >= MAX_REDIRECTS) throw new UpstreamError('The channel redirected too many times');
        url = new URL(location, url);
        continue;
      }
      if (status === 304) {
        response.resume();
        return { kind: 'not-modified' };
      }
      if (status !== 200) {
        response.resume();
        throw new UpstreamError(`The channel answered HTTP ${status}`);
      }
      const text = await readCapped(response, policy.maxBytes ?? FEED_MAX_BYTES);
      const etag = response.headers.etag;
      const lastModified = response.headers['last-modified'];
      return { kind: 'fresh', text, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    if (signal.aborted) throw new UpstreamError(`The channel did not answer within ${Math.round(timeoutMs / 1000)} seconds`);
    if ((error as NodeJS.ErrnoException).code === 'EPRIVATE') throw new UpstreamError('The calendar address leads to a private network');
    throw new UpstreamError(`The channel could not be reached (${(error as NodeJS.ErrnoException).code ?? 'network error'})`);
  }
}
