import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { AwsClientStub } from 'aws-sdk-client-mock';

/**
 * An in-memory stand-in for the single table behind aws-sdk-client-mock, for unit tests that
 * inject faults into the stream consumer's writes and must see what a retry finds: the mail claim
 * left by the first attempt, the counter markers, the refund recorded. It knows the conditions
 * and update forms the consumer, the refund record and create-order send, and throws on any
 * other, so a test never passes on a condition it did not really evaluate.
 *
 * faults: `failNext(command, match, error, { count, afterWrite })` makes the next matching
 * commands throw; with afterWrite the write is applied first (the answer was lost).
 */
export type Item = Record<string, unknown>;
type Values = Record<string, unknown>;
type Names = Record<string, string>;
type Input = { Key?: Item; Item?: Item; ConditionExpression?: string; ExpressionAttributeNames?: Names; ExpressionAttributeValues?: Values };

export type CommandName = 'Put' | 'Get' | 'Update' | 'Delete' | 'Query' | 'BatchWrite' | 'TransactWrite';

const conditions: Record<string, (item: Item | undefined, values: Values) => boolean> = {
  'attribute_not_exists(pk)': (item) => item === undefined,
  'attribute_exists(pk)': (item) => item !== undefined,
  'attribute_not_exists(pk) OR (#state = :sending AND lease_until < :now)': (item, values) =>
    item === undefined || (item.state === values[':sending'] && Number(item.lease_until) < Number(values[':now'])),
  '#state = :sending AND #owner = :owner': (item, values) => item?.state === values[':sending'] && item?.owner === values[':owner'],
  'attribute_not_exists(refund_id)': (item) => item?.refund_id === undefined,
  'attribute_not_exists(order_id) AND #status = :pending AND payment_status = :pending': (item, values) =>
    item !== undefined && item.order_id === undefined && item.status === values[':pending'] && item.payment_status === values[':pending'],
};

function holds(input: Input, item: Item | undefined): boolean {
  if (!input.ConditionExpression) return true;
  const check = conditions[input.ConditionExpression];
  if (!check) throw new Error(`The fake table does not know the condition ${input.ConditionExpression}`);
  return check(item, input.ExpressionAttributeValues ?? {});
}

/** SET a = :x, #b = :y; ADD #n :v; REMOVE c: the forms the consumer's updates use. */
function applyUpdate(item: Item, expression: string, names: Names = {}, values: Values = {}): Item {
  const name = (token: string) => (token.startsWith('#') ? (names[token] ?? token) : token);
  const parts = expression.split(/\s*\b(SET|ADD|REMOVE)\s+/).filter((part) => part.trim() !== '');
  const next = { ...item };
  for (let index = 0; index < parts.length; index += 2) {
    const keyword = parts[index];
    const actions = (parts[index + 1] ?? '').split(',').map((action) => action.trim());
    for (const action of actions) {
      if (keyword === 'SET') {
        const [left, right] = action.split('=').map((side) => side.trim());
        if (!left || !right?.startsWith(':')) throw new Error(`The fake table does not know SET ${action}`);
        next[name(left)] = values[right];
      } else if (keyword === 'ADD') {
        const [left, right] = action.split(/\s+/);
        if (!left || !right) throw new Error(`The fake table does not know ADD ${action}`);
        next[name(left)] = Number(next[name(left)] ?? 0) + Number(values[right]);
      } else if (keyword === 'REMOVE') {
        delete next[name(action)];
      } else throw new Error(`The fake table does not know ${keyword}`);
    }
  }
  return next;
}

type Fault = { command: CommandName; match: (input: Item) => boolean; error: () => Error; left: number; afterWrite: boolean };

export class FakeTable {
  readonly items = new Map<string, Item>();
  private faults: Fault[] = [];

  private static id = (key: Item | undefined) => `${String(key?.pk)}|${String(key?.sk)}`;

  get(key: Item): Item | undefined {
    return this.items.get(FakeTable.id(key));
  }

  put(item: Item): void {
    this.items.set(FakeTable.id(item), item);
  }

  /** Every item whose `pk` starts with `prefix`. */
  partition(prefix: string): Item[] {
    return [...this.items.values()].filter((item) => String(item.pk).startsWith(prefix));
  }

  failNext(command: CommandName, match: (input: Item) => boolean, error: () => Error, options: { count?: number; afterWrite?: boolean } = {}) {
    const fault: Fault = { command, match, error, left: options.count ?? 1, afterWrite: options.afterWrite ?? false };
    this.faults.push(fault);
    return { left: () => fault.left };
  }

  private fault(command: CommandName, input: Item): Fault | undefined {
    const fault = this.faults.find((candidate) => candidate.command === command && candidate.left > 0 && candidate.match(input));
    if (fault) fault.left -= 1;
    return fault;
  }

  /** Runs `write` under the faults of `command`: thrown before it, or after it when the answer is lost. */
  private async run<T>(command: CommandName, input: Item, write: () => T): Promise<T> {
    const fault = this.fault(command, input);
    if (fault && !fault.afterWrite) throw fault.error();
    const result = write();
    if (fault) throw fault.error();
    return result;
  }

  private refused = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });

  install(mock: AwsClientStub<DynamoDBDocumentClient>): void {
    mock.on(PutCommand).callsFake((input: Input) =>
      this.run('Put', input, () => {
        if (!holds(input, this.get(input.Item ?? {}))) throw this.refused();
        this.put({ ...input.Item });
        return {};
      }),
    );
    mock.on(GetCommand).callsFake((input: Input) => this.run('Get', input, () => ({ Item: this.get(input.Key ?? {}) })));
    mock.on(UpdateCommand).callsFake((input: Input & { UpdateExpression: string }) =>
      this.run('Update', input, () => {
        const item = this.get(input.Key ?? {});
        if (!holds(input, item)) throw this.refused();
        this.put(applyUpdate({ ...item, ...input.Key }, input.UpdateExpression, input.ExpressionAttributeNames, input.ExpressionAttributeValues));
        return {};
      }),
    );
    mock.on(DeleteCommand).callsFake((input: Input) =>
      this.run('Delete', input, () => {
        if (!holds(input, this.get(input.Key ?? {}))) throw this.refused();
        this.items.delete(FakeTable.id(input.Key));
        return {};
      }),
    );
    mock.on(QueryCommand).callsFake((input: { IndexName?: string; KeyConditionExpression: string; ExpressionAttributeValues: Values }) =>
      this.run('Query', input, () => {
        const attribute = input.IndexName === 'gsi1' ? 'gsi1pk' : 'pk';
        if (input.KeyConditionExpression !== `${attribute} = :pk`) throw new Error(`The fake table does not know the query ${input.KeyConditionExpression}`);
        return { Items: [...this.items.values()].filter((item) => item[attribute] === input.ExpressionAttributeValues[':pk']) };
      }),
    );
    mock.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, Array<{ DeleteRequest?: { Key: Item }; PutRequest?: { Item: Item } }>> }) =>
      this.run('BatchWrite', input, () => {
        for (const request of Object.values(input.RequestItems).flat()) {
          if (request.DeleteRequest) this.items.delete(FakeTable.id(request.DeleteRequest.Key));
          if (request.PutRequest) this.put({ ...request.PutRequest.Item });
        }
        return {};
      }),
    );
    mock.on(TransactWriteCommand).callsFake((input: { TransactItems: Array<{ Put?: Input; Update?: Input & { UpdateExpression: string } }> }) =>
      this.run('TransactWrite', input, () => {
        const reasons = input.TransactItems.map((action) => {
          const write = action.Put ?? action.Update;
          if (!write) throw new Error('The fake table knows Put and Update in transactions');
          return { Code: holds(write, this.get(action.Put ? (action.Put.Item ?? {}) : (write.Key ?? {}))) ? 'None' : 'ConditionalCheckFailed' };
        });
        if (reasons.some((reason) => reason.Code !== 'None'))
          throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: reasons });
        for (const action of input.TransactItems) {
          if (action.Put) this.put({ ...action.Put.Item });
          else if (action.Update) {
            const { Key, UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues } = action.Update;
            this.put(applyUpdate({ ...this.get(Key ?? {}), ...Key }, UpdateExpression, ExpressionAttributeNames, ExpressionAttributeValues));
          }
        }
        return {};
      }),
    );
  }
}

/** An error as the SDK raises it: its name, HTTP status and fault side. */
export const awsError = (name: string, message: string, status = 400): Error =>
  Object.assign(new Error(message), { name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status } });

/** TransactWriteItems cancelled because another transaction touched an item at the same time. */
export const conflict = (actions: number): Error =>
  new TransactionCanceledException({
    message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
    $metadata: {},
    CancellationReasons: Array.from({ length: actions }, (_, index) => ({ Code: index === 0 ? 'TransactionConflict' : 'None' })),
  });
