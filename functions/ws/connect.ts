import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { setLogContext } from '../lib/logger.ts';
import { openConnection } from '../lib/db/connections.ts';

/** Registers the connection. Nothing is posted from here: API Gateway forbids it during $connect. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2, context?: Pick<Context, 'awsRequestId'>): Promise<APIGatewayProxyResultV2> => {
  setLogContext({ requestId: context?.awsRequestId, route: 'ws-connect' });
  await openConnection(event.requestContext.connectionId, new Date(event.requestContext.connectedAt).toISOString());
  return { statusCode: 200 };
};
