import { describe, expect, it } from 'vitest';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { connect } from '../support/ws-client.ts';

/**
 * Date blocks (issue 17) through the real local stack on DynamoDB Local: a block claims a unit's
 * night items like a booking, so neither can take the other's nights, two blocks of the same night
 * cannot both win, removal frees the nights at once, every change is audited, and staff and open
 * wizards hear it from the table's stream. The sample resort has one unit of each type.
 */
const stack = useTestStack();
const { adminFrame, call, book, cancel } = useCatalogueAdmin(stack);

const freeUnits = async (type: string, day: string) => {
  const { body } = await getJson<{ nights: Array<{ freeUnits: number }> }>(`${stack.api}/cottages/${type}/availability?startDate=${day}&endDate=${day}`);
  return body.data?.nights[0]?.freeUnits;
};

describe('date blocks', () => {
  it('a manager blocks nights: the unit is off sale for them, the block is audited, staff and open wizards hear it', async () => {
    const guest = await connect(stack.wsUrl);
    guest.send({ action: 'join-customer' });
    await guest.next('joined');

    const created = await call('POST', '/admin/blocks', { cottageId: 'glass-1', checkIn: inDays(50), checkOut: inDays(53), reason: '  Roof repair  ' });

    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      cottageId: 'glass-1',
      cottageName: 'Glass Cottage',
      cottageType: 'glass-cottage',
      checkIn: inDays(50),
      checkOut: inDays(53),
      nights: 3,
      reason: 'Roof repair',
      createdBy: { name: 'Meera Manager' },
    });
    const id = created.body.data.id as string;
    // Check-out is exclusive, like a stay: the night before and the check-out night stay on sale.
    expect([await freeUnits('glass-cottage', inDays(49)), await freeUnits('glass-cottage', inDays(50)), await freeUnits('glass-cottage', inDays(52))]).toEqual([
      1, 0, 0,
    ]);
    expect(await freeUnits('glass-cottage', inDays(53))).toBe(1);
    const nights = (await itemsOf('night')).filter((night) => night.block_id === id).map((night) => night.night);
    expect(nights.sort()).toEqual([inDays(50), inDays(51), inDays(52)]);

    const [entry] = await auditOf({ entity: 'block', id });
    expect(entry).toMatchObject({ action: 'block.create', actor: { name: 'Meera Manager' }, after: { cottage_id: 'glass-1', reason: 'Roof repair' } });
    expect(await adminFrame('block-created', (data) => data.block?.id === id)).toMatchObject({ block: { cottageId: 'glass-1', nights: 3 } });
    let heard = await guest.next('availability-changed', 10_000);
    while (heard.data.reason !== 'blocked') heard = await guest.next('availability-changed', 10_000);
    expect(heard.data).toEqual({ cottageType: 'glass-cottage', checkIn: inDays(50), checkOut: inDays(53), reason: 'blocked' });
    guest.close();

    const listed = await call('GET', `/admin/blocks?from=${inDays(52)}&to=${inDays(60)}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.blocks.map((block: { id: string }) => block.id)).toContain(id);
    const before = await call('GET', `/admin/blocks?from=${inDays(40)}&to=${inDays(50)}`);
    expect(before.body.data.blocks.map((block: { id: string }) => block.id)).not.toContain(id);
    const after = await call('GET', `/admin/blocks?from=${inDays(53)}&to=${inDays(60)}`);
    expect(after.body.data.blocks.map((block: { id: string }) => block.id)).not.toContain(id);
    // A block is no booking: the Cottages tab counts none for it.
    const units = await call('GET', '/cottages/admin/all');
    expect(units.body.data.find((unit: { id: string }) => unit.id === 'glass-1')).toMatchObject({ total_bookings: 0 });
  });

  it('a blocked night cannot be booked, and unblocking frees it at once: guests hear it, and the booking goes through', async () => {
    const created = await call('POST', '/admin/blocks', { cottageId: 'hornbill-1', checkIn: inDays(70), checkOut: inDays(72), reason: 'Deep clean' });
    expect(created.status).toBe(201);

    const refused = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(71), checkOut: inDays(73) }), { 'idempotency-key': newKey() });
    expect(refused.status).toBe(409);

    const guest = await connect(stack.wsUrl);
    guest.send({ action: 'join-customer' });
    await guest.next('joined');
    const removed = await call('DELETE', `/admin/blocks/${created.body.data.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ id: created.body.data.id, deleted: true });
    expect(await freeUnits('hornbill-villa', inDays(71))).toBe(1);
    // The block's own 'blocked' may still be on its way from the stream: wait for the release.
    let heard = await guest.next('availability-changed', 10_000);
    while (heard.data.reason !== 'released') heard = await guest.next('availability-changed', 10_000);
    expect(heard.data).toMatchObject({ cottageType: 'hornbill-villa', checkIn: inDays(70), checkOut: inDays(72), reason: 'released' });
    guest.close();
    expect(await adminFrame('block-removed', (data) => data.block?.id === created.body.data.id)).toBeTruthy();
    const [entry] = await auditOf({ entity: 'block', id: created.body.data.id });
    expect(entry).toMatchObject({ action: 'block.delete', before: { cottage_id: 'hornbill-1' } });

    const booked = await book({ checkIn: inDays(71), checkOut: inDays(73) });
    expect(booked.booking.cottage_ids).toEqual(['hornbill-1']);
    await cancel(booked.bookingReference);
    expect((await call('DELETE', `/admin/blocks/${created.body.data.id}`)).status).toBe(404);
  });

  it('a booked or held night cannot be blocked: 409 naming the booking, and nothing of the block is written', async () => {
    const booked = await book({ cottageType: 'kingfisher-villa', checkIn: inDays(90), checkOut: inDays(92) });
    const blocksBefore = (await itemsOf('block')).length;

    const refused = await call('POST', '/admin/blocks', { cottageId: 'kingfisher-1', checkIn: inDays(88), checkOut: inDays(91), reason: 'Painting' });

    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(`Those nights are taken: booking ${booked.bookingReference} holds ${inDays(90)}`);
    expect((refused.body as { conflicts?: unknown }).conflicts).toEqual([
      { kind: 'booking', bookingId: booked.booking.id, bookingReference: booked.bookingReference, nights: [inDays(90)] },
    ]);
    expect((await itemsOf('block')).length).toBe(blocksBefore);
    // The free nights before the booking were not claimed either.
    expect(await freeUnits('kingfisher-1', inDays(88))).toBe(1);

    // Once the booking is cancelled, its nights can be blocked.
    await cancel(booked.bookingReference);
    const blocked = await call('POST', '/admin/blocks', { cottageId: 'kingfisher-1', checkIn: inDays(88), checkOut: inDays(91), reason: 'Painting' });
    expect(blocked.status).toBe(201);
    const overlapping = await call('POST', '/admin/blocks', { cottageId: 'kingfisher-1', checkIn: inDays(90), checkOut: inDays(92), reason: 'Again' });
    expect(overlapping.status).toBe(409);
    expect(overlapping.body.error).toBe(`Those nights are taken: another block holds ${inDays(90)}`);
    expect((await call('DELETE', `/admin/blocks/${blocked.body.data.id}`)).status).toBe(200);
  });

  it('two managers blocking the same nights at once: exactly one block wins, the other is told why', async () => {
    const body = { cottageId: 'glass-1', checkIn: inDays(110), checkOut: inDays(115), reason: 'Inspection' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/admin/blocks', body)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.status === 201)?.body.data.id;
    const nights = (await itemsOf('night')).filter((night) => night.night >= inDays(110) && night.night < inDays(115) && night.pk === 'COTTAGE#glass-1');
    expect(nights.map((night) => night.block_id)).toEqual(Array(5).fill(winner));
  });

  it('refuses bad input with a clear 400 and strangers with 401/403', async () => {
    const problems = async (body: unknown) => {
      const answer = await call('POST', '/admin/blocks', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body;
    };
    expect((await problems({ cottageId: 'glass-1', checkIn: inDays(5), checkOut: inDays(5), reason: 'x' })).details?.checkOut).toEqual([
      'Check-out must be after check-in',
    ]);
    expect((await problems({ cottageId: 'glass-1', checkIn: inDays(5), checkOut: inDays(100), reason: 'x' })).details?.checkOut).toEqual([
      'A block is at most 90 nights: add another block for the rest',
    ]);
    expect((await problems({ cottageId: 'glass-1', checkIn: '2026-02-30', checkOut: inDays(3), reason: 'x' })).details?.checkIn).toEqual([
      'Dates look like 2026-12-24',
    ]);
    expect((await problems({ cottageId: 'glass-1', checkIn: inDays(5), checkOut: inDays(6), reason: '   ' })).details?.reason).toEqual([
      'Say why the nights are blocked',
    ]);
    expect((await problems({ cottageId: 'glass-1', checkIn: inDays(-2), checkOut: inDays(1), reason: 'Late' })).error).toBe(
      'A block cannot start before today',
    );
    expect((await call('POST', '/admin/blocks', { cottageId: 'no-such-unit', checkIn: inDays(5), checkOut: inDays(6), reason: 'x' })).status).toBe(404);
    expect(await call('DELETE', '/admin/blocks/not-a-block')).toMatchObject({ status: 400, body: { error: expect.stringContaining('not a block id') } });
    expect((await call('DELETE', '/admin/blocks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call('GET', `/admin/blocks?from=${inDays(5)}&to=${inDays(2)}`)).status).toBe(400);
    expect((await call('GET', `/admin/blocks?from=${inDays(1)}&to=${inDays(400)}`)).status).toBe(400);

    const body = { cottageId: 'glass-1', checkIn: inDays(130), checkOut: inDays(131), reason: 'x' };
    const anonymous = await postJson(`${stack.api}/admin/blocks`, body);
    expect(anonymous.status).toBe(401);
    const frontDesk = await accountWithToken('staff', 'Sunil Staff');
    expect((await postJson(`${stack.api}/admin/blocks`, body, { authorization: frontDesk.authorization })).status).toBe(403);
    // The front desk reads blocks (the inventory calendar), but does not make or remove them.
    expect((await getJson(`${stack.api}/admin/blocks`, { headers: { authorization: frontDesk.authorization } })).status).toBe(200);
    const guest = await accountWithToken('customer', 'Gita Guest');
    expect((await getJson(`${stack.api}/admin/blocks`, { headers: { authorization: guest.authorization } })).status).toBe(403);
  });
});
