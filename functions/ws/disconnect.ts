import type { APIGatewayProxyWebsocketEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { closeConnection } from '../lib/db/connections.ts';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await closeConnection(event.requestContext.connectionId);
  return { statusCode: 200 };
};
