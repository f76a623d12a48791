import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { documentClient } from './client.ts';

type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** A transaction refused by a condition: `failed` holds the indexes of the items whose check failed. */
export class TransactionRefused extends Error {
  constructor(readonly failed: number[]) {
    super(`Transaction refused by conditions on items ${failed.join(', ')}`);
  }
}

const MAX_ITEMS = 100;

/**
 * Runs one TransactWriteItems. Two transactions touching the same item at once cancel with
 * TransactionConflict: those are retried with jittered backoff. A failed condition is final and
 * reported as TransactionRefused, naming the items.
 */
export async function transact(items: TransactItems, attempts = 8): Promise<void> {
  if (items.length > MAX_ITEMS) throw new Error(`A transaction holds at most ${MAX_ITEMS} actions, got ${items.length}`);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [index] : []));
      if (failed.length) throw new TransactionRefused(failed);
      const conflicted = reasons.some((reason) => reason.Code === 'TransactionConflict' || reason.Code === 'ThrottlingError');
      if (!conflicted || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(1000, 25 * 2 ** attempt)));
    }
  }
}
