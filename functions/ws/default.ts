import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { portalRoles } from '../../shared/users.ts';
import { verifyAccessToken } from '../lib/auth.ts';
import { joinAudience } from '../lib/db/connections.ts';
import { sendToConnection } from '../lib/realtime.ts';

/**
 * Client messages (route selection on `action`). join-admin is only granted to a verified admin or
 * manager token: any socket claiming to be admin without one is told no and joins nothing.
 */
const messageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('join-customer'), userId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))), token: z.optional(z.string()) }),
  z.object({ action: z.literal('join-admin'), token: z.string().check(z.minLength(1)) }),
  z.object({ action: z.literal('ping') }),
]);

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  const connectionId = event.requestContext.connectionId;
  const reply = (name: string, data: Record<string, unknown>) => sendToConnection(connectionId, { event: name, data, at: new Date().toISOString() });

  let raw: unknown;
  try {
    raw = JSON.parse(event.body ?? '');
  } catch {
    await reply('error', { error: 'Messages must be JSON' });
    return { statusCode: 400 };
  }
  const parsed = messageSchema.safeParse(raw);
  if (!parsed.success) {
    await reply('error', { error: 'Unknown or malformed message: expected join-customer, join-admin or ping' });
    return { statusCode: 400 };
  }

  const message = parsed.data;
  switch (message.action) {
    case 'ping':
      await reply('pong', {});
      return { statusCode: 200 };
    case 'join-customer': {
      await joinAudience(connectionId, 'customer');
      // A user's own channel needs proof of identity: a userId alone is just 'guest'.
      const principal = message.token ? await verifyAccessToken(message.token) : undefined;
      if (principal) await joinAudience(connectionId, `user:${principal.userId}`);
      await reply('joined', { audience: 'customer', userId: principal?.userId ?? 'guest' });
      return { statusCode: 200 };
    }
    case 'join-admin': {
      const principal = await verifyAccessToken(message.token);
      if (!principal || !portalRoles.includes(principal.role)) {
        await reply('join-refused', { error: 'Admin notifications need a valid admin sign-in' });
        return { statusCode: 403 };
      }
      await joinAudience(connectionId, 'admin');
      await reply('joined', { audience: 'admin', userId: principal.userId });
      return { statusCode: 200 };
    }
  }
};
