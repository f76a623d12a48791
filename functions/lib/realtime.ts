import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from './config.ts';
import { closeConnection, connectionsOf } from './db/connections.ts';
import type { Audience } from './db/keys.ts';

/** Messages pushed to browsers: the spec's event names with their payloads. */
export type RealtimeMessage = { event: string; data: Record<string, unknown>; at: string };

let client: ApiGatewayManagementApiClient | undefined;

function managementClient(endpoint: string): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({ region: config.AWS_REGION, endpoint });
  return client;
}

/** Posts to one connection; a connection that is gone (410) is forgotten and reported as not sent. */
export async function sendToConnection(connectionId: string, message: RealtimeMessage): Promise<boolean> {
  const endpoint = config.WS_MANAGEMENT_ENDPOINT;
  if (!endpoint) throw new Error('WS_MANAGEMENT_ENDPOINT is not configured for this function');
  try {
    await managementClient(endpoint).send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }),
    );
    return true;
  } catch (error) {
    if (error instanceof GoneException) {
      await closeConnection(connectionId);
      return false;
    }
    throw error;
  }
}

/** Fans one event out to every connection of an audience; returns how many received it. */
export async function notify(audience: Audience, event: string, data: Record<string, unknown>): Promise<number> {
  const message: RealtimeMessage = { event, data, at: new Date().toISOString() };
  const connectionIds = await connectionsOf(audience);
  const results = await Promise.allSettled(connectionIds.map((id) => sendToConnection(id, message)));
  for (const result of results) {
    if (result.status === 'rejected') {
      console.error(JSON.stringify({ level: 'error', message: 'Notification not delivered', event, error: String(result.reason) }));
    }
  }
  return results.filter((result) => result.status === 'fulfilled' && result.value).length;
}

/**
 * For side notifications of a request that already succeeded (a booking was stored): a failure to
 * notify is logged, never turned into a failed request.
 */
export async function notifySafely(audience: Audience, event: string, data: Record<string, unknown>): Promise<void> {
  try {
    await notify(audience, event, data);
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'Notification failed', event, error: String(error) }));
  }
}
