import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { setLogContext } from '../lib/logger.ts';
import { accountAllows } from '../lib/account-state.ts';
import { portalRoles } from '../../shared/users.ts';
import { idField, minLength } from '../../shared/validation.ts';
import { verifyAccessToken } from '../lib/auth.ts';
import { joinAudience, type MemberAccount } from '../lib/db/connections.ts';
import type { Principal } from '../lib/auth.ts';

const accountOf = (principal: Principal): MemberAccount => ({ userId: principal.userId, role: principal.role, tokenVersion: principal.tokenVersion ?? 0 });
import { sendToConnection } from '../lib/realtime.ts';

/**
 * Client messages (route selection on `action`). join-admin is only granted to a verified admin or
 * manager token: any socket claiming to be admin without one is told no and joins nothing.
 */
const messageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('join-customer'), userId: z.optional(idField('userId')), token: z.optional(z.string()) }),
  z.object({ action: z.literal('join-admin'), token: z.string().check(minLength(1)) }),
  z.object({ action: z.literal('ping') }),
]);

export const handler = async (event: APIGatewayProxyWebsocketEventV2, context?: Pick<Context, 'awsRequestId'>): Promise<APIGatewayProxyResultV2> => {
  const logContext = { requestId: context?.awsRequestId, route: 'ws-default' };
  setLogContext(logContext);
  const connectionId = event.requestContext.connectionId;
  const reply = (name: string, data: Record<string, unknown>) => sendToConnection(connectionId, { event: name, data, at: new Date().toISOString() });

  let raw: unknown;
  try {
    raw = JSON.parse(event.body ?? '');
  } catch {
    await reply('error', { error: 'Messages must be JSON' });
    return { statusCode: 400 };
  }
  const parsed = z.safeParse(messageSchema, raw);
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
      const verified = message.token ? await verifyAccessToken(message.token) : undefined;
      const principal = verified && (await accountAllows(verified)) ? verified : undefined;
      if (principal) {
        setLogContext({ ...logContext, role: principal.role });
        await joinAudience(connectionId, `user:${principal.userId}`, accountOf(principal));
      }
      await reply('joined', { audience: 'customer', userId: principal?.userId ?? 'guest' });
      return { statusCode: 200 };
    }
    case 'join-admin': {
      const principal = await verifyAccessToken(message.token);
      if (!principal || !portalRoles.includes(principal.role) || !(await accountAllows(principal))) {
        await reply('join-refused', { error: 'Admin notifications need a valid admin sign-in' });
        return { statusCode: 403 };
      }
      setLogContext({ ...logContext, role: principal.role });
      await joinAudience(connectionId, 'admin', accountOf(principal));
      await reply('joined', { audience: 'admin', userId: principal.userId });
      return { statusCode: 200 };
    }
  }
};
