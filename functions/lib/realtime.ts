import { ApiGatewayManagementApiClient, GoneException, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { config } from './config.ts';
import { deliveryConfig } from './delivery-config.ts';
import { accountAllows } from './account-state.ts';
import { closeConnection, membersOf } from './db/connections.ts';
import type { Audience } from './db/keys.ts';
import { log } from './logger.ts';

/**
 * Messages pushed to browsers: the wire's event names (docs/product.md#staff-notifications) with their payloads. Messages from the
 * stream consumer carry an `id` (the same id as the notification feed entry): a message may
 * arrive twice when a batch is retried, and clients drop the repeat by id.
 */
export type RealtimeMessage = { id?: string; event: string; data: Record<string, unknown>; at: string };

/** One client per container, made at init (only functions given the endpoint may post). */
const client = deliveryConfig.WS_MANAGEMENT_ENDPOINT
  ? new ApiGatewayManagementApiClient({ region: config.AWS_REGION, endpoint: deliveryConfig.WS_MANAGEMENT_ENDPOINT })
  : undefined;

/** Posts to one connection; a connection that is gone (410) is forgotten and reported as not sent. */
export async function sendToConnection(connectionId: string, message: RealtimeMessage): Promise<boolean> {
  if (!client) throw new Error('WS_MANAGEMENT_ENDPOINT is not configured for this function');
  try {
    await client.send(new PostToConnectionCommand({ ConnectionId: connectionId, Data: new TextEncoder().encode(JSON.stringify(message)) }));
    return true;
  } catch (error) {
    if (error instanceof GoneException) {
      await closeConnection(connectionId);
      return false;
    }
    throw error;
  }
}

/**
 * Fans one message out to every connection of an audience; returns how many received it. A socket
 * that joined as an account (staff, a guest's own channel) hears only while that account still
 * stands: one suspended, demoted, deleted or signed out everywhere since is dropped from the
 * audience, as its next HTTP request would be refused.
 */
export async function notify(audience: Audience, message: RealtimeMessage): Promise<number> {
  const members = await membersOf(audience);
  const checked = await Promise.all(
    members.map(async (member) => ({ ...member, allowed: !member.account || (await accountAllows({ ...member.account, name: '', email: '' })) })),
  );
  await Promise.allSettled(checked.filter((member) => !member.allowed).map((member) => closeConnection(member.connectionId)));
  const connectionIds = checked.filter((member) => member.allowed).map((member) => member.connectionId);
  const results = await Promise.allSettled(connectionIds.map((id) => sendToConnection(id, message)));
  for (const result of results) {
    if (result.status === 'rejected') {
      log.error('Notification not delivered', { event: message.event, error: result.reason });
    }
  }
  return results.filter((result) => result.status === 'fulfilled' && result.value).length;
}
