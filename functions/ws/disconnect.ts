import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { setLogContext } from '../lib/logger.ts';
import { closeConnection } from '../lib/db/connections.ts';

export const handler = async (event: APIGatewayProxyWebsocketEventV2, context?: Pick<Context, 'awsRequestId'>): Promise<APIGatewayProxyResultV2> => {
  setLogContext({ requestId: context?.awsRequestId, route: 'ws-disconnect' });
  await closeConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
};
