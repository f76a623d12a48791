import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PricingRule } from '../../shared/pricing-rule-schema.ts';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import * as pricingRuleKeys from '../../functions/lib/db/keys/pricing-rule.ts';
import { getPricingRule } from '../../functions/lib/db/pricing-rule-writes.ts';
import { listPricingRules } from '../../functions/lib/db/pricing-rules.ts';
import { moveLegacyPricingRules } from '../../functions/lib/db/local-migrations.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();
let manager: Awaited<ReturnType<typeof accountWithToken>>;

type Answer<T> = { status: number; body: { success: boolean; data: T; error?: string; details?: Record<string, string[]>; code?: string; quote?: any } };

async function call<T = PricingRule>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(`${stack.api}${path}`, {
    method,
    headers: { authorization: manager.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
}

const rule = (overrides: Record<string, unknown> = {}) => ({
  service_name: 'Glass Cottage Autumn Offer',
  service_type: 'cottage',
  applies_to: 'glass-cottage',
  base_price: 20000,
  season: 'off-peak',
  discount_percentage: 20,
  valid_from: inDays(100),
  valid_until: inDays(130),
  min_stay: 1,
  max_stay: 14,
  description: 'Twenty per cent off Glass Cottage nights.',
  status: 'promotional',
  ...overrides,
});

beforeAll(async () => {
  manager = await accountWithToken('manager', 'Pricing Manager');
});

describe('pricing rules: create, list, update, delete', () => {
  it('creates a rule with a server id and the defaults (INR, all-year), lists it, and audits it', async () => {
    const created = await call('POST', '/admin/pricing', rule({ season: undefined, currency: undefined }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const saved = created.body.data;
    expect(saved.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved).toMatchObject({ currency: 'INR', season: 'all-year', base_price: 20000, discount_percentage: 20 });

    const list = await call<PricingRule[]>('GET', '/admin/pricing');
    expect(list.status).toBe(200);
    expect(list.body.data.find((item) => item.id === saved.id)).toEqual(saved);
    // The seeded rules are there too (without a base price: the column shows none for them).
    expect(list.body.data.map((item) => item.id)).toEqual(expect.arrayContaining(['long-stay', 'monsoon-escape-2027']));

    const audit = await auditOf({ entity: 'pricing-rule', id: saved.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'pricing-rule.create',
      actor: { id: manager.userId },
      label: saved.service_name,
      after: { discount_percentage: 20 },
    });
  });

  it('refuses invalid rules with 400 and a message per field', async () => {
    const empty = await call('POST', '/admin/pricing', {});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toMatchObject({
      service_name: ['Service name is required'],
      base_price: ['Base price is required'],
      valid_from: ['Valid from date is required'],
      valid_until: ['Valid until date is required'],
      description: ['Description is required'],
    });
    const outOfRange = await call('POST', '/admin/pricing', rule({ discount_percentage: 101, min_stay: 0, base_price: -5 }));
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.details).toMatchObject({
      discount_percentage: ['Discount must be between 0 and 100'],
      min_stay: ['Minimum stay must be at least 1 day'],
      base_price: ['Base price must be a number from 0 to 1,00,00,000'],
    });
    const backwards = await call('POST', '/admin/pricing', rule({ valid_from: inDays(20), valid_until: inDays(10), min_stay: 5, max_stay: 2 }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.details).toEqual({
      valid_until: ['Valid until must not be before valid from'],
      max_stay: ['Maximum stay must not be below minimum stay'],
    });
  });

  it('updates the fields sent, checks the whole rule, and audits before and after', async () => {
    const { body } = await call('POST', '/admin/pricing', rule({ service_name: 'To update' }));
    const id = body.data.id;
    const updated = await call('PUT', `/admin/pricing/${id}`, { discount_percentage: 35, status: 'active' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, discount_percentage: 35, status: 'active', service_name: 'To update', base_price: 20000 });
    expect(await getPricingRule(id)).toMatchObject({ discount_percentage: 35 });

    const inconsistent = await call('PUT', `/admin/pricing/${id}`, { max_stay: 0 });
    expect(inconsistent.status).toBe(400);
    const belowMin = await call('PUT', `/admin/pricing/${id}`, { min_stay: 10, max_stay: 3 });
    expect(belowMin.body.details).toEqual({ max_stay: ['Maximum stay must not be below minimum stay'] });

    const audit = await auditOf({ entity: 'pricing-rule', id });
    expect(audit.map((entry) => entry.action)).toEqual(['pricing-rule.update', 'pricing-rule.create']);
    expect(audit[0]).toMatchObject({ before: { discount_percentage: 20 }, after: { discount_percentage: 35 } });
  });

  it('deletes a rule (asked for in the portal) with an audit entry; unknown ids are 404', async () => {
    const { body } = await call('POST', '/admin/pricing', rule({ service_name: 'To delete' }));
    const removed = await call('DELETE', `/admin/pricing/${body.data.id}`);
    expect(removed.status).toBe(200);
    expect(await getPricingRule(body.data.id)).toBeUndefined();
    const audit = await auditOf({ entity: 'pricing-rule', id: body.data.id });
    expect(audit[0]).toMatchObject({ action: 'pricing-rule.delete', before: { service_name: 'To delete' } });

    expect((await call('DELETE', `/admin/pricing/${body.data.id}`)).status).toBe(404);
    const missing = await call('PUT', '/admin/pricing/no-such-rule', { discount_percentage: 5 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Pricing rule not found');
  });
});

describe('the text of a rule, and what it applies to', () => {
  it('stores service name, description and applies_to cleaned like every other field: no bidi, control characters or lone surrogates', async () => {
    const created = await call(
      'POST',
      '/admin/pricing',
      rule({
        service_name: '\u202EMonsoon\u0000 Offer\uD800',
        description: 'Ten\u2066 per cent\u0007 off.\r\nStays of two nights.',
        applies_to: ' glass-cottage\u200E ',
      }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({
      service_name: 'Monsoon Offer',
      description: 'Ten per cent off.\nStays of two nights.',
      applies_to: 'glass-cottage',
    });
    expect(await getPricingRule(created.body.data.id)).toMatchObject({ service_name: 'Monsoon Offer', applies_to: 'glass-cottage' });
    const blank = await call('POST', '/admin/pricing', rule({ service_name: '\u202E\u0000 ' }));
    expect(blank.body.details).toEqual({ service_name: ['Service name is required'] });
    const updated = await call('PUT', `/admin/pricing/${created.body.data.id}`, { description: 'Now\u202E fifteen.' });
    expect(updated.body.data.description).toBe('Now fifteen.');
  });

  it('applies_to names a villa type or cottage, a package or a safari that exists, as the quote matches it', async () => {
    for (const [serviceType, appliesTo] of [
      ['cottage', 'glass-cottage'],
      ['cottage', 'hornbill-1'],
      ['package', 'forest-retreat'],
      ['safari', 'morning-jeep-safari'],
    ]) {
      const created = await call('POST', '/admin/pricing', rule({ service_type: serviceType, applies_to: appliesTo }));
      expect(created.status, `${serviceType} ${appliesTo}: ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body.data.applies_to).toBe(appliesTo);
    }
    const missing = [
      ['cottage', 'no-such-villa', "Applies to must name an existing villa type or cottage: there is no villa type or cottage 'no-such-villa'"],
      ['package', 'glass-cottage', "Applies to must name an existing package: there is no package 'glass-cottage'"],
      ['safari', 'forest-retreat', "Applies to must name an existing safari: there is no safari 'forest-retreat'"],
    ];
    for (const [serviceType, appliesTo, message] of missing) {
      const refused = await call('POST', '/admin/pricing', rule({ service_type: serviceType, applies_to: appliesTo }));
      expect(refused, `${serviceType} ${appliesTo}`).toMatchObject({
        status: 400,
        body: { success: false, error: message, details: { applies_to: [message] } },
      });
    }
  });

  it('refuses an applies_to that is no id, one on activity and meal rules (they name nothing), and stores none of them', async () => {
    const before = (await listPricingRules()).length;
    const shape = 'Applies to is the id of a villa type, cottage, package or safari (lower-case letters, digits and dashes)';
    for (const appliesTo of ['Glass Cottage', 'glass_cottage', '-x', 'a'.repeat(65), 42]) {
      const refused = await call('POST', '/admin/pricing', rule({ applies_to: appliesTo }));
      expect(refused.status, String(appliesTo)).toBe(400);
      expect(refused.body.details?.applies_to, String(appliesTo)).toEqual(
        appliesTo === 'a'.repeat(65) ? ['Applies to must be at most 64 characters'] : [shape],
      );
    }
    for (const serviceType of ['activity', 'meal']) {
      const refused = await call('POST', '/admin/pricing', rule({ service_type: serviceType, applies_to: 'glass-cottage' }));
      expect(refused.body.details).toEqual({ applies_to: ['Activity and meal rules cover the whole service type: leave Applies to empty'] });
      expect((await call('POST', '/admin/pricing', rule({ service_type: serviceType, applies_to: '' }))).status).toBe(201);
    }
    expect((await listPricingRules()).length).toBe(before + 2);
  });

  it('checks what an update or a bulk update makes a rule name, and lets a rule whose item was deleted be edited otherwise', async () => {
    const { body } = await call('POST', '/admin/pricing', rule({ service_name: 'Names a package', service_type: 'package', applies_to: 'family-getaway' }));
    const id = body.data.id;
    const unknown = await call('PUT', `/admin/pricing/${id}`, { applies_to: 'no-such-package' });
    expect(unknown).toMatchObject({
      status: 400,
      body: { details: { applies_to: ["Applies to must name an existing package: there is no package 'no-such-package'"] } },
    });
    // A new service type checks the applies_to it keeps.
    const otherType = await call('PUT', `/admin/pricing/${id}`, { service_type: 'safari' });
    expect(otherType.body.details).toEqual({ applies_to: ["Applies to must name an existing safari: there is no safari 'family-getaway'"] });
    expect((await call('PUT', `/admin/pricing/${id}`, { service_type: 'safari', applies_to: '' })).body.data).not.toHaveProperty('applies_to');

    const other = (await call('POST', '/admin/pricing', rule({ service_name: 'Bulk names' }))).body.data;
    const bulk = await call('POST', '/admin/pricing/bulk-update', {
      updates: [
        { id, discount_percentage: 7 },
        { id: other.id, applies_to: 'kingfisher-9' },
      ],
    });
    expect(bulk).toMatchObject({
      status: 400,
      body: {
        details: { 'updates.1.applies_to': ["Applies to must name an existing villa type or cottage: there is no villa type or cottage 'kingfisher-9'"] },
      },
    });
    expect(await getPricingRule(id)).not.toMatchObject({ discount_percentage: 7 });

    // The package goes; its rule still saves a change that leaves what it names alone.
    const made = await call<{ id: string }>('POST', '/packages/admin', { name: 'Short Lived', description: 'Gone soon.', price_multiplier: 1 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const named = (await call('POST', '/admin/pricing', rule({ service_type: 'package', applies_to: made.body.data.id }))).body.data;
    expect((await call('DELETE', `/packages/admin/${made.body.data.id}`)).status).toBe(200);
    expect((await call('PUT', `/admin/pricing/${named.id}`, { discount_percentage: 12 })).status).toBe(200);
  });
});

describe('bulk update: one transaction, all or nothing', () => {
  it('applies every update with an audit entry each', async () => {
    const a = (await call('POST', '/admin/pricing', rule({ service_name: 'Bulk A' }))).body.data;
    const b = (await call('POST', '/admin/pricing', rule({ service_name: 'Bulk B' }))).body.data;
    const bulk = await call<{ updated: PricingRule[] }>('POST', '/admin/pricing/bulk-update', {
      updates: [
        { id: a.id, discount_percentage: 5 },
        { id: b.id, status: 'inactive', season: 'winter' },
      ],
    });
    expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
    expect(bulk.body.data.updated.map((item) => [item.id, item.discount_percentage, item.status])).toEqual([
      [a.id, 5, 'promotional'],
      [b.id, 20, 'inactive'],
    ]);
    expect(await getPricingRule(b.id)).toMatchObject({ status: 'inactive', season: 'winter' });
    const audit = await auditOf({ entity: 'pricing-rule', id: b.id });
    expect(audit[0]).toMatchObject({ action: 'pricing-rule.update', note: 'Bulk update of 2 rules' });
  });

  it('changes nothing when one update is invalid, names a missing rule (404), and says the limit', async () => {
    const a = (await call('POST', '/admin/pricing', rule({ service_name: 'Bulk C' }))).body.data;
    const b = (await call('POST', '/admin/pricing', rule({ service_name: 'Bulk D' }))).body.data;

    const invalid = await call('POST', '/admin/pricing/bulk-update', {
      updates: [
        { id: a.id, discount_percentage: 50 },
        { id: b.id, discount_percentage: 150 },
      ],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual({ 'updates.1.discount_percentage': ['Discount must be between 0 and 100'] });
    const inconsistent = await call('POST', '/admin/pricing/bulk-update', {
      updates: [
        { id: a.id, discount_percentage: 50 },
        { id: b.id, valid_until: inDays(1) },
      ],
    });
    expect(inconsistent.status).toBe(400);
    expect(inconsistent.body.details).toEqual({ 'updates.1.valid_until': ['Valid until must not be before valid from'] });
    const missing = await call('POST', '/admin/pricing/bulk-update', {
      updates: [
        { id: a.id, discount_percentage: 50 },
        { id: 'gone-rule', discount_percentage: 10 },
      ],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.details).toEqual({ 'updates.1.id': ['Pricing rule not found'] });
    expect(await getPricingRule(a.id)).toMatchObject({ discount_percentage: 20 });
    expect((await auditOf({ entity: 'pricing-rule', id: a.id })).map((entry) => entry.action)).toEqual(['pricing-rule.create']);

    const tooMany = await call('POST', '/admin/pricing/bulk-update', {
      updates: Array.from({ length: 26 }, (_, index) => ({ id: `r${index}`, discount_percentage: 1 })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details?.updates).toEqual(['At most 25 updates at once']);
    const twice = await call('POST', '/admin/pricing/bulk-update', {
      updates: [
        { id: a.id, discount_percentage: 1 },
        { id: a.id, discount_percentage: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.details?.updates).toEqual(['Each rule may appear once in a bulk update']);
    const noId = await call('POST', '/admin/pricing/bulk-update', {
      updates: [{ id: a.id, discount_percentage: 1 }, { discount_percentage: 150 }],
    });
    expect(noId.status).toBe(400);
    expect(noId.body.details).toEqual({
      'updates.1.id': ['Each update needs the id of its rule'],
      'updates.1.discount_percentage': ['Discount must be between 0 and 100'],
    });
    expect(await getPricingRule(a.id)).toMatchObject({ discount_percentage: 20 });
  });
});

describe('guest quotes follow the rules at once', () => {
  const stay = { cottageType: 'glass-cottage', checkIn: inDays(150), checkOut: inDays(152), adults: 2, packageId: 'forest-retreat' };
  const quote = async () => {
    const answer = await postJson(`${stack.api}/packages/calculate-pricing`, stay);
    expect(answer.status).toBe(200);
    return answer.body.data as { total: number; villa: { discount: number; nightly: Array<{ ruleId?: string }> } };
  };

  it('the very next quote applies a new rule, its change and its removal', async () => {
    const before = await quote();
    const created = (
      await call('POST', '/admin/pricing', rule({ service_name: 'Flash Sale', valid_from: inDays(140), valid_until: inDays(160), discount_percentage: 40 }))
    ).body.data;
    const during = await quote();
    expect(during.total).toBeLessThan(before.total);
    expect(during.villa.nightly.every((night) => night.ruleId === created.id)).toBe(true);

    await call('PUT', `/admin/pricing/${created.id}`, { discount_percentage: 45 });
    const deeper = await quote();
    expect(deeper.total).toBeLessThan(during.total);

    await call('PUT', `/admin/pricing/${created.id}`, { status: 'inactive' });
    expect((await quote()).total).toBe(before.total);
    await call('DELETE', `/admin/pricing/${created.id}`);
    expect((await quote()).total).toBe(before.total);
  });

  it('a booking sent with the total shown before a rule change gets 409 with the fresh quote, and books at the fresh total', async () => {
    const shown = await quote();
    const created = (
      await call('POST', '/admin/pricing', rule({ service_name: 'Overnight Deal', valid_from: inDays(140), valid_until: inDays(160), discount_percentage: 30 }))
    ).body.data;
    // The guest confirms what they were shown before the rule changed.
    const body = bookingBody({ ...stay, paymentMethod: 'razorpay', totalAmount: shown.total });
    const stale = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': newKey() });
    expect(stale.status).toBe(409);
    expect((stale.body as { code?: string }).code).toBe('price_changed');
    expect(stale.body.quote.total).toBeLessThan(shown.total);
    expect(stale.body.details?.totalAmount).toEqual([`Expected ${stale.body.quote.total}`]);

    const fresh = await postJson(`${stack.api}/bookings`, { ...body, totalAmount: stale.body.quote.total }, { 'idempotency-key': newKey() });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(201);
    expect(fresh.body.data.booking.total_amount).toBe(stale.body.quote.total);
    await call('DELETE', `/admin/pricing/${created.id}`);
  });
});

describe('where the rules are kept', () => {
  it('in one table partition without index keys, so a quote reads them all strongly in one Query', async () => {
    const created = (await call('POST', '/admin/pricing', rule({ service_name: 'Stored Where', valid_from: inDays(300), valid_until: inDays(310) }))).body.data;
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: pricingRuleKeys.item(created.id), ConsistentRead: true }));
    expect(Item).toMatchObject({ pk: 'PRICING_RULES', sk: `RULE#${created.id}`, entity: 'pricing-rule', service_name: 'Stored Where' });
    expect(Item).not.toHaveProperty('gsi1pk');
    expect((await listPricingRules()).map((stored) => stored.id)).toContain(created.id);
    await call('DELETE', `/admin/pricing/${created.id}`);
  });

  it('moves rules local data kept the old way (a partition each, listed on gsi1) on start, once', async () => {
    const old = { id: 'legacy-monsoon', service_name: 'Legacy Monsoon', service_type: 'cottage', currency: 'INR', season: 'monsoon', discount_percentage: 10 };
    const legacy = { ...pricingRuleKeys.legacyItem(old.id), gsi1pk: 'PRICING_RULES', gsi1sk: old.id, entity: 'pricing-rule', ...old };
    await documentClient.send(new PutCommand({ TableName: tableName, Item: legacy }));
    expect(await moveLegacyPricingRules()).toBe(1);
    expect((await listPricingRules()).find((stored) => stored.id === old.id)).toMatchObject(old);
    const { Item } = await documentClient.send(new GetCommand({ TableName: tableName, Key: pricingRuleKeys.legacyItem(old.id), ConsistentRead: true }));
    expect(Item).toBeUndefined();
    expect(await moveLegacyPricingRules()).toBe(0);
    await documentClient.send(new DeleteCommand({ TableName: tableName, Key: pricingRuleKeys.item(old.id) }));
  });
});
