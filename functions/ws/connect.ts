import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { openConnection } from '../lib/db/connections.ts';

/** Registers the connection. Nothing is posted from here: API Gateway forbids it during $connect. */
export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await openConnection(event.requestContext.connectionId, new Date(event.requestContext.connectedAt).toISOString());
  return { statusCode: 200 };
};
