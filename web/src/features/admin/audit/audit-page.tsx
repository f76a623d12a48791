import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod/mini';
import type { AuditEntry } from '@shared/audit';
import { adminRequest } from '../api/admin-request';
import { DataTable, type Column } from '../components/data-table';
import './audit.css';

const entrySchema = z.custom<AuditEntry>((value) => typeof value === 'object' && value !== null && 'action' in value && 'actor' in value);
const pageSchema = z.object({ month: z.string(), items: z.array(entrySchema), cursor: z.optional(z.string()) });

const subjects = ['booking', 'cottage', 'package', 'safari', 'pricing-rule', 'user'] as const;

/** Fields every change moves (or that say nothing about it): left out of the diff. */
const quiet = new Set(['updatedAt', 'updated_at', 'createdAt', 'created_at', 'id', 'last_login']);

const show = (value: unknown): string => {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** The changed fields of an entry as `field: before → after` (a creation lists what was set; a deletion says so). */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): Array<{ field: string; before?: string; after?: string }> {
  const { before, after } = entry;
  if (!before && !after) return [];
  if (before && !after) return [{ field: 'deleted', before: show(before.name ?? before.email ?? before.id) }];
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((field) => !quiet.has(field));
  return fields
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({ field, ...(before ? { before: show(before[field]) } : {}), after: show(after?.[field]) }));
}

const when = (iso: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso));
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** The audit log (managers and admins): every admin change of a month, newest first: who, what, on which thing, before and after. */
export default function AuditPage() {
  const [month, setMonth] = useState(thisMonth);
  const [subject, setSubject] = useState('');
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit', month, subject],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ month, limit: '50' });
      if (subject) query.set('subject', subject);
      if (pageParam) query.set('cursor', pageParam);
      return adminRequest(`/admin/audit?${query.toString()}`, pageSchema);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor,
    enabled: /^\d{4}-\d{2}$/.test(month),
  });
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];

  const columns: Array<Column<AuditEntry>> = [
    { id: 'when', header: 'When', sortValue: (entry) => entry.at, cell: (entry) => <time dateTime={entry.at}>{when(entry.at)}</time> },
    {
      id: 'who',
      header: 'Who',
      sortValue: (entry) => entry.actor.name,
      cell: (entry) => (
        <div className="audit__who">
          <strong>{entry.actor.name}</strong>
          <span className="muted">{entry.actor.email}</span>
        </div>
      ),
    },
    { id: 'action', header: 'Action', sortValue: (entry) => entry.action, cell: (entry) => <code className="audit__action">{entry.action}</code> },
    {
      id: 'what',
      header: 'What',
      sortValue: (entry) => entry.label ?? entry.subject_id,
      cell: (entry) => (
        <div className="audit__what">
          <span>{entry.label ?? entry.subject_id}</span>
          <span className="muted">{entry.subject_type.replace(/-/g, ' ')}</span>
        </div>
      ),
    },
    {
      id: 'changes',
      header: 'Changes',
      cell: (entry) => {
        const changes = changesOf(entry);
        if (!changes.length) return <span className="muted">{entry.note ?? '—'}</span>;
        return (
          <ul className="audit__changes">
            {changes.map((change) => (
              <li key={change.field}>
                <span className="audit__field">{change.field}</span>{' '}
                {change.before !== undefined ? (
                  <>
                    <del>{change.before}</del> <span aria-label="changed to">→</span>{' '}
                  </>
                ) : null}
                {change.after !== undefined ? <ins>{change.after}</ins> : null}
              </li>
            ))}
            {entry.note ? <li className="muted">{entry.note}</li> : null}
          </ul>
        );
      },
    },
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab audit">
      <div className="admin-toolbar">
        <h2 id="tab-title">Audit log</h2>
        <div className="admin-toolbar__filters">
          <label>
            Month
            <input type="month" value={month} max={thisMonth()} onChange={(event) => setMonth(event.target.value || thisMonth())} />
          </label>
          <label>
            Kind
            <select value={subject} onChange={(event) => setSubject(event.target.value)}>
              <option value="">Everything</option>
              {subjects.map((kind) => (
                <option key={kind} value={kind}>
                  {kind.replace(/-/g, ' ')}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <p className="muted">Every change made in the portal, with who made it and what it was before and after, written together with the change itself.</p>
      <div className="admin-panel">
        {log.isError ? (
          <p role="alert" className="form-banner">
            {log.error.message}
          </p>
        ) : null}
        <DataTable
          caption={`Changes in ${month}`}
          columns={columns}
          rows={rows}
          rowKey={(entry) => entry.id}
          empty={log.isPending ? 'Loading the audit log...' : 'No changes were made this month.'}
        />
        {log.hasNextPage ? (
          <div className="pager">
            <button type="button" className="button button--secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
              {log.isFetchingNextPage ? 'Loading...' : 'Older changes'}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
