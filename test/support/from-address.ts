import { request } from 'node:http';

export type AddressedAnswer = { status: number; body: any; headers: Record<string, string | string[] | undefined> };

/**
 * A JSON request from a given loopback address (127.0.0.0/8 is all loopback on Linux): the local
 * server takes the client address from the connection, as API Gateway does, never from a header.
 */
export function requestFrom(address: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<AddressedAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sent = request(
      url,
      {
        method,
        localAddress: address,
        headers: { 'content-type': 'application/json', ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }), ...headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, headers: response.headers });
        });
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

/** A JSON POST from a given loopback address. */
export const postFrom = (address: string, url: string, body: unknown) => requestFrom(address, 'POST', url, body);
