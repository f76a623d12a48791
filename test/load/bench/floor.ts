import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The floor: the DynamoDB calls each route makes, in the same order, straight from the SDK. The
 * function environment must be set first: the modules read it when loaded.
 */
export async function floorOperations(
  base: string,
  booking: () => { path: string; body: string; headers: Record<string, string> },
  nextStay: (i: number) => { unit: string; checkIn: string },
) {
  const [{ documentClient, tableName }, keys, bookingsDb, inventory, bookingCore, { unpaidClaims }] = await Promise.all([
    import('../../../functions/lib/db/client.ts'),
    import('../../../functions/lib/db/keys.ts'),
    import('../../../functions/lib/db/bookings.ts'),
    import('../../../functions/lib/db/inventory.ts'),
    import('../../../functions/lib/bookings/create-booking.ts'),
    import('../../../functions/lib/db/unpaid-owners.ts'),
  ]);
  const get = (key: Record<string, string>) => documentClient.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true }));
  const query = (pk: string, index?: string) =>
    documentClient.send(
      new QueryCommand({
        TableName: tableName,
        ...(index ? { IndexName: index } : {}),
        KeyConditionExpression: `${index ? 'gsi1pk' : 'pk'} = :pk`,
        ExpressionAttributeValues: { ':pk': pk },
        // The routes read table partitions strongly (nights, pricing rules); an index cannot be.
        ...(index ? {} : { ConsistentRead: true }),
      }),
    );
  const nightsOf = (unit: string, first: string, last: string) =>
    documentClient.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.cottageKeys.item(unit).pk,
          ':from': keys.cottageKeys.night(unit, first).sk,
          ':to': keys.cottageKeys.night(unit, last).sk,
        },
        ConsistentRead: true,
      }),
    );
  // The routes no longer query the admin sockets (the stream consumer does, after the write), so
  // neither does the floor: the same calls, in the same order, as the request path makes today.
  // A unit's availability needs the unit, then its villa type (what guests see it as), then its nights and the rules.
  const availabilityFloor = async () => {
    const unit = await get(keys.cottageKeys.item('bench-000'));
    await get(keys.stayTypeKeys.item(String(unit.Item?.type)));
    await Promise.all([query(keys.cottageKeys.item('bench-000').pk), query(keys.pricingRuleKeys.listPartition)]);
  };
  // The booking floor writes what the route writes: the same items, with the same size and
  // the same index keys, copied from a booking made through the API (bookings.ts and
  // inventory.ts build them). A floor of bare keys would leave out DynamoDB's own cost of the
  // item and its index entries, which no handler can avoid, and charge it to the handler. Being
  // bookings, they also reach the stream consumer, as the API's do: under `npm start` it shares
  // the machine (on AWS it runs beside, not inside, the request path), so both sides carry it.
  const sample = (await fetch(`${base}/api/bookings`, { method: 'POST', ...booking() }).then((response) => response.json())) as {
    data?: { booking?: { id?: string } };
  };
  const sampleId = sample.data?.booking?.id;
  if (!sampleId) throw new Error(`the sample booking was not made: ${JSON.stringify(sample)}`);
  const sampleBooking = await bookingsDb.getBooking(sampleId);
  if (!sampleBooking) throw new Error('the sample booking was not stored');
  let floorCounter = 0;
  const bookingFloor = async () => {
    const { unit, checkIn } = nextStay(50_000 + floorCounter++);
    const id = randomUUID();
    const now = Date.now();
    await get(keys.idempotencyKeys.item('create-booking', id));
    await Promise.all([get(keys.cottageKeys.item(unit)), get(keys.packageKeys.item('forest-retreat')), query(keys.pricingRuleKeys.listPartition)]);
    await nightsOf(unit, checkIn, checkIn);
    const copy = {
      ...sampleBooking,
      id,
      booking_reference: bookingCore.newBookingReference(now),
      created_at: new Date(now).toISOString(),
      customer_email: `floor-${floorCounter}@example.in`,
      customer_phone: `8${String(floorCounter).padStart(9, '0')}`,
      client_address: '127.0.0.1',
    };
    const floorUnit = `floor-${unit}`;
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          ...bookingsDb.createBookingWrites(copy, { key: id, requestHash: 'floor', manageToken: 'floor' }),
          inventory.claimNight(floorUnit, checkIn, id, now),
          // The guest's unpaid-hold counts (e-mail, phone, address), as the route claims them.
          ...unpaidClaims(copy, { now }),
        ] as NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
      }),
    );
  };
  return { availabilityFloor, bookingFloor };
}
