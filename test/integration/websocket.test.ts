import { ApiGatewayManagementApiClient, GetConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { accountWithToken } from '../support/accounts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { forgetAccount } from '../../functions/lib/account-state.ts';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { membersOf } from '../../functions/lib/db/connections.ts';
import { userKeys } from '../../functions/lib/db/keys.ts';

const connectionsOf = async (audience: 'customer' | 'admin') => (await membersOf(audience)).map((member) => member.connectionId);
import { notify, sendToConnection } from '../../functions/lib/realtime.ts';
import { startTestStack, type TestStack } from '../support/local-stack.ts';
import { connect } from '../support/ws-client.ts';

const waitFor = async (check: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not met in 5 s');
};

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ seed: false });
});
afterAll(() => stack.close());

describe('WebSocket notifications through the local API Gateway emulation', () => {
  it('delivers customer events to a guest who joined, via the real management API client', async () => {
    const guest = await connect(stack.wsUrl);
    guest.send({ action: 'join-customer', userId: 'guest' });
    expect((await guest.next('joined')).data).toEqual({ audience: 'customer', userId: 'guest' });

    expect(await notify('customer', { event: 'booking-update', data: { message: 'Your booking is confirmed' }, at: new Date().toISOString() })).toBe(1);
    expect((await guest.next('booking-update')).data).toEqual({ message: 'Your booking is confirmed' });
    await guest.close();
  });

  it('refuses join-admin without a valid admin token, so such a socket gets no admin events', async () => {
    const intruder = await connect(stack.wsUrl);
    intruder.send({ action: 'join-admin', token: 'not-a-token' });
    expect((await intruder.next('join-refused')).data.error).toBe('Admin notifications need a valid admin sign-in');
    const customerToken = (await accountWithToken('customer', 'C')).token;
    intruder.send({ action: 'join-admin', token: customerToken });
    await intruder.next('join-refused');

    await notify('admin', { event: 'new-booking', data: { booking: { booking_reference: 'VM-SECRET' } }, at: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(intruder.inbox.filter((message) => message.event === 'new-booking')).toEqual([]);
    await intruder.close();
  });

  it('delivers admin events to a verified admin', async () => {
    const admin = await connect(stack.wsUrl);
    admin.send({ action: 'join-admin', token: (await accountWithToken('admin', 'A')).token });
    await admin.next('joined');
    await notify('admin', { event: 'availability-check', data: { cottageType: 'glass-cottage', guests: 4 }, at: new Date().toISOString() });
    expect((await admin.next('availability-check')).data).toEqual({ cottageType: 'glass-cottage', guests: 4 });
    await admin.close();
  });

  it('stops telling a socket that joined as staff once the account is suspended, and drops it from the audience', async () => {
    const staff = await accountWithToken('staff', 'Soon Suspended');
    const admin = await connect(stack.wsUrl);
    admin.send({ action: 'join-admin', token: staff.token });
    await admin.next('joined');
    await notify('admin', { event: 'availability-check', data: { n: 1 }, at: new Date().toISOString() });
    await admin.next('availability-check');

    // Suspended (what PUT /api/admin/users/{id} does: the status and a new token version).
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: userKeys.item(staff.userId),
        UpdateExpression: 'SET #status = :suspended ADD token_version :one',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':suspended': 'suspended', ':one': 1 },
      }),
    );
    forgetAccount(staff.userId);
    await notify('admin', { event: 'new-booking', data: { booking: { booking_reference: 'AFTER-SUSPEND' } }, at: new Date().toISOString() });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(admin.inbox.filter((message) => message.event === 'new-booking')).toEqual([]);
    expect((await membersOf('admin')).some((member) => member.account?.userId === staff.userId)).toBe(false);
    await admin.close();
  });

  it('answers ping with pong and malformed messages with an error', async () => {
    const client = await connect(stack.wsUrl);
    client.send({ action: 'ping' });
    await client.next('pong');
    client.socket.send('not json');
    expect((await client.next('error')).data.error).toBe('Messages must be JSON');
    client.send({ action: 'teleport' });
    expect((await client.next('error')).data.error).toMatch(/^Unknown or malformed message/);
    await client.close();
  });

  it('forgets a connection on disconnect, and one that is gone when a send meets 410', async () => {
    const client = await connect(stack.wsUrl);
    client.send({ action: 'join-customer' });
    const { data } = await client.next('joined');
    expect(data.userId).toBe('guest');
    const [connectionId] = await connectionsOf('customer');
    if (!connectionId) throw new Error('no connection registered');

    const management = new ApiGatewayManagementApiClient({ endpoint: process.env.WS_MANAGEMENT_ENDPOINT, region: 'us-east-1' });
    const info = await management.send(new GetConnectionCommand({ ConnectionId: connectionId }));
    expect(info.Identity?.SourceIp).toMatch(/127\.0\.0\.1/);

    await client.close();
    await waitFor(async () => (await connectionsOf('customer')).length === 0);

    // A stale row (e.g. a missed $disconnect) is cleaned up by the first send that meets GoneException.
    const { joinAudience } = await import('../../functions/lib/db/connections.ts');
    await joinAudience('stale-connection', 'customer');
    expect(await sendToConnection('stale-connection', { event: 'x', data: {}, at: new Date().toISOString() })).toBe(false);
    expect(await connectionsOf('customer')).toEqual([]);
  });
});
