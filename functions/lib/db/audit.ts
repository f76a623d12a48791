import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../../shared/audit.ts';
import type { Principal } from '../auth.ts';
import { tableName } from './client.ts';
import * as auditKeys from './keys/audit.ts';
import { queryPage, withoutStorageAttributes } from './query.ts';

/** Fields never copied into an audit entry's before/after. */
const secretFields = new Set([
  'passwordHash',
  'password_hash',
  'manageTokenHash',
  'manage_token_hash',
  'client_address',
  'token_version',
  'pk',
  'sk',
  'gsi1pk',
  'gsi1sk',
  'gsi2pk',
  'gsi2sk',
  'entity',
]);

const visible = (value: Record<string, unknown> | undefined) =>
  value ? Object.fromEntries(Object.entries(value).filter(([name]) => !secretFields.has(name))) : undefined;

/**
 * The Put of an admin change's audit entry, for the change's own transaction (what must never
 * be lost is written with the change, not by the stream consumer): who, what, on which
 * thing, before and after, and when. Secrets and key attributes never enter it.
 */
export function auditWrite(input: {
  actor: Principal;
  action: string;
  subject: { entity: string; id: string; label?: string };
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
  note?: string;
  at?: string;
}) {
  const at = input.at ?? new Date().toISOString();
  const id = randomUUID();
  const entry: AuditEntry = {
    id,
    at,
    actor: { id: input.actor.userId, name: input.actor.name, email: input.actor.email, role: input.actor.role },
    action: input.action,
    subject_type: input.subject.entity,
    subject_id: input.subject.id,
    ...(input.subject.label ? { label: input.subject.label } : {}),
    ...(input.before ? { before: visible(input.before) } : {}),
    ...(input.after ? { after: visible(input.after) } : {}),
    ...(input.note ? { note: input.note } : {}),
  };
  return {
    Put: {
      TableName: tableName,
      // `entity` is the item's type, as on every item (the stream consumer filters on it): never the subject's.
      Item: { ...auditKeys.entry(input.subject, at, id), ...entry, entity: 'audit' },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const fromItem = (item: Record<string, unknown>) => withoutStorageAttributes(item) as AuditEntry;

/** One subject's audit entries (a booking's history), newest first. */
export async function auditOf(subject: { entity: string; id: string }, limit = 100): Promise<AuditEntry[]> {
  const page = await queryPage({ index: 'table', partition: auditKeys.subjectPartition(subject), sortKey: { beginsWith: auditKeys.historyPrefix }, limit });
  return page.items.map(fromItem);
}

/** One page of the audit log of a month (yyyy-mm), newest first. */
export async function auditLogPage(month: string, limit: number, cursor?: string): Promise<{ items: AuditEntry[]; cursor?: string }> {
  const page = await queryPage({ index: 'gsi1', partition: auditKeys.monthPartition(month), limit, cursor });
  return { items: page.items.map(fromItem), ...(page.cursor ? { cursor: page.cursor } : {}) };
}
