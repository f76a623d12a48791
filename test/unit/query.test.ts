import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeCursor, InvalidCursor, queryPage, updateExpression } from '../../functions/lib/db/query.ts';

const documentMock = mockClient(DynamoDBDocumentClient);
afterEach(() => documentMock.reset());

describe('updateExpression, the one builder of UpdateItem expressions', () => {
  it('sets the given fields, removes those given as undefined, and adds the condition with its own names and values', () => {
    expect(
      updateExpression(
        { status: 'confirmed', note: 'ok', hold: undefined },
        { expression: '#status = :was', names: { '#status': 'status' }, values: { ':was': 'pending' } },
      ),
    ).toEqual({
      UpdateExpression: 'SET #u0 = :u0, #u1 = :u1 REMOVE #u2',
      ExpressionAttributeNames: { '#status': 'status', '#u0': 'status', '#u1': 'note', '#u2': 'hold' },
      ExpressionAttributeValues: { ':was': 'pending', ':u0': 'confirmed', ':u1': 'ok' },
      ConditionExpression: '#status = :was',
    });
  });

  it('names every field by placeholder (reserved words such as status or name are safe) and refuses an empty change', () => {
    expect(updateExpression({ name: 'Asha' })).toEqual({
      UpdateExpression: 'SET #u0 = :u0',
      ExpressionAttributeNames: { '#u0': 'name' },
      ExpressionAttributeValues: { ':u0': 'Asha' },
    });
    expect(() => updateExpression({})).toThrow('at least one change');
  });
});

describe('queryPage, the one paged query', () => {
  it('asks for one page of the partition, newest first, and hands back an opaque cursor bound to it', async () => {
    documentMock.on(QueryCommand).resolves({ Items: [{ id: 'a' }], LastEvaluatedKey: { pk: 'P', sk: 'S', gsi1pk: 'USERS', gsi1sk: '2026#a' } });
    const page = await queryPage({ index: 'gsi1', partition: 'USERS', sortKey: { beginsWith: '2026' }, limit: 10 });
    expect(documentMock.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'USERS', ':prefix': '2026' },
      ScanIndexForward: false,
      Limit: 10,
    });
    expect(page.items).toEqual([{ id: 'a' }]);
    expect(decodeCursor('gsi1', 'USERS', page.cursor ?? '')).toEqual({ pk: 'P', sk: 'S', gsi1pk: 'USERS', gsi1sk: '2026#a' });

    documentMock.on(QueryCommand).resolves({ Items: [] });
    await queryPage({ index: 'gsi1', partition: 'USERS', limit: 10, cursor: page.cursor });
    expect(documentMock.commandCalls(QueryCommand)[1]?.args[0].input.ExclusiveStartKey).toEqual({ pk: 'P', sk: 'S', gsi1pk: 'USERS', gsi1sk: '2026#a' });
  });

  it('refuses a cursor of another partition or index, or anything that is not one of ours, before asking DynamoDB', async () => {
    const ofUsers = Buffer.from(JSON.stringify(['gsi1', 'P', 'S', 'USERS', 'x'])).toString('base64url');
    expect(() => decodeCursor('gsi1', 'AUDIT#2026-11', ofUsers)).toThrow(InvalidCursor);
    expect(() => decodeCursor('gsi2', 'USERS', ofUsers)).toThrow(InvalidCursor);
    for (const bad of [
      'bm9wZQ',
      '',
      Buffer.from('{"pk":"USERS"}').toString('base64url'),
      Buffer.from(JSON.stringify(['gsi1', 'P', 'S', 'USERS', 'x'.repeat(500)])).toString('base64url'),
      Buffer.from(JSON.stringify(['P', 'S', 'USERS', 'x'])).toString('base64url'),
    ])
      expect(() => decodeCursor('gsi1', 'USERS', bad), bad).toThrow(InvalidCursor);
    await expect(queryPage({ index: 'gsi1', partition: 'AUDIT#2026-11', limit: 5, cursor: ofUsers })).rejects.toThrow(InvalidCursor);
    expect(documentMock.commandCalls(QueryCommand)).toHaveLength(0);
  });

  // Each of these, forged for the right partition, was passed to DynamoDB, which refused it with an error: a 500.
  it("refuses key values DynamoDB would refuse: empty, a lone surrogate, over a sort key's 1,024 bytes", () => {
    const cursor = (...parts: string[]) => Buffer.from(JSON.stringify(['gsi1', ...parts])).toString('base64url');
    for (const bad of [
      cursor('', '', 'USERS', ''),
      cursor('P', 'S', 'USERS', ''),
      cursor('P', '\uD800', 'USERS', 'x'),
      cursor('P', 'S', 'USERS', '€'.repeat(399)),
    ])
      expect(() => decodeCursor('gsi1', 'USERS', bad), bad).toThrow(InvalidCursor);
    expect(decodeCursor('gsi1', 'USERS', cursor('P', 'S', 'USERS', 'é'.repeat(399)))).toMatchObject({ gsi1sk: 'é'.repeat(399) });
  });

  it("refuses a cursor whose sort key is outside the query's condition, as DynamoDB would", async () => {
    const at = (sortKey: string) => Buffer.from(JSON.stringify(['gsi1', 'P', 'S', 'PAYMENTS', sortKey])).toString('base64url');
    const range = { between: ['2026-01-01', '2026-02-01~'] as const };
    expect(decodeCursor('gsi1', 'PAYMENTS', at('2026-01-15T10:00:00Z#pay_1'), range)).toMatchObject({ gsi1sk: '2026-01-15T10:00:00Z#pay_1' });
    for (const outside of ['2025-12-31T23:59:59Z#x', '2026-02-02', 'zzzz', '0'])
      await expect(queryPage({ index: 'gsi1', partition: 'PAYMENTS', sortKey: range, limit: 5, cursor: at(outside) }), outside).rejects.toThrow(InvalidCursor);
    expect(() => decodeCursor('gsi1', 'PAYMENTS', at('2027#x'), { beginsWith: '2026' })).toThrow(InvalidCursor);
    // UTF-8 order, as DynamoDB compares: U+FF01 sorts after U+1F600 in UTF-16 units, before it in bytes.
    expect(() => decodeCursor('gsi1', 'PAYMENTS', at('a😀'), { between: ['a', 'a\uFF01'] })).toThrow(InvalidCursor);
    expect(documentMock.commandCalls(QueryCommand)).toHaveLength(0);
  });
});
