import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminSafari } from '@shared/admin-catalogue';
import { formatInr } from '@shared/money';
import { addNotification } from '@/lib/notification-store';
import { refusedForBookings, saveFailure, type FormErrors } from '../components/catalogue-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { emptySafariForm, formOfSafari, SafariForm } from './safari-form';
import { deleteSafari, getSafariStats, guestSafarisKey, listAdminSafaris, safariKeys, saveSafari } from './safaris-api';
import '../components/catalogue.css';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; safari: AdminSafari };
const titleCase = (text: string) => text.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The body that saves a safari as it is, but inactive (instead of a refused delete). */
const inactive = (safari: AdminSafari) => ({
  name: safari.name,
  description: safari.description,
  type: safari.type,
  duration: safari.duration,
  price: safari.price,
  max_guests: safari.max_guests,
  start_time: safari.start_time,
  end_time: safari.end_time,
  meeting_point: safari.meeting_point || 'Resort reception',
  includes: safari.includes,
  exclusions: safari.exclusions,
  status: 'inactive',
});

/** The Safari Management tab: every safari, active or not, with seats sold ahead, add, edit and delete. */
export default function SafarisPage() {
  const client = useQueryClient();
  const safaris = useQuery({ queryKey: safariKeys.all, queryFn: ({ signal }) => listAdminSafaris({ signal }) });
  const stats = useQuery({ queryKey: safariKeys.stats, queryFn: ({ signal }) => getSafariStats({ signal }) });
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [failure, setFailure] = useState<{ banner: string; details?: FormErrors }>();
  const [deleting, setDeleting] = useState<AdminSafari>();
  const [deleteError, setDeleteError] = useState<{ message: string; refused: boolean }>();

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: safariKeys.all }), client.invalidateQueries({ queryKey: guestSafarisKey })]);
  const openForm = (next: FormState) => {
    setForm(next);
    setFailure(undefined);
    setFormKey((key) => key + 1);
  };
  const closeDelete = () => {
    setDeleting(undefined);
    setDeleteError(undefined);
  };

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => saveSafari(form.mode === 'edit' ? form.safari.id : undefined, body),
    onSuccess: (safari) => {
      addNotification({ type: 'success', title: form.mode === 'edit' ? 'Safari updated' : 'Safari created', message: `${safari.name} is saved.` });
      setForm({ mode: 'closed' });
      setFailure(undefined);
    },
    onError: (error) => setFailure(saveFailure(error)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (safari: AdminSafari) => deleteSafari(safari.id),
    onSuccess: (_answer, safari) => {
      addNotification({ type: 'success', title: 'Safari deleted', message: `${safari.name} is no longer in the catalogue.` });
      closeDelete();
    },
    onError: (error) => {
      const refused = refusedForBookings(error);
      setDeleteError({ message: refused ?? error.message, refused: refused !== undefined });
    },
    onSettled: refresh,
  });

  const deactivate = useMutation({
    mutationFn: (safari: AdminSafari) => saveSafari(safari.id, inactive(safari)),
    onSuccess: (safari) => {
      addNotification({ type: 'success', title: 'Safari set inactive', message: `${safari.name} keeps its booked seats and takes no new ones.` });
      closeDelete();
    },
    onError: (error) => setDeleteError({ message: error.message, refused: false }),
    onSettled: refresh,
  });

  const seats = new Map((stats.data?.safaris ?? []).map((entry) => [entry.id, entry]));
  const columns: Array<Column<AdminSafari>> = [
    {
      id: 'safari',
      header: 'Safari',
      sortValue: (safari) => safari.name,
      cell: (safari) => (
        <div className="catalogue-name">
          <strong>{safari.name}</strong>
          <span className="catalogue-name__description">{safari.description}</span>
          <span className="muted">
            {safari.meeting_point ? `Meet at ${safari.meeting_point} · ` : ''}
            {seats.get(safari.id)?.upcoming_seats ?? 0} seats booked ahead
          </span>
        </div>
      ),
    },
    { id: 'type', header: 'Type', sortValue: (safari) => safari.type, cell: (safari) => titleCase(safari.type) },
    { id: 'duration', header: 'Duration', cell: (safari) => safari.duration },
    {
      id: 'time',
      header: 'Time',
      sortValue: (safari) => safari.start_time,
      cell: (safari) => (
        <span>
          {safari.start_time}–{safari.end_time}
          {safari.time_slots.length > 1 ? <span className="muted"> (+{safari.time_slots.length - 1} more)</span> : null}
        </span>
      ),
    },
    { id: 'price', header: 'Price', numeric: true, sortValue: (safari) => safari.price, cell: (safari) => `${formatInr(safari.price)} / person` },
    { id: 'guests', header: 'Max Guests', numeric: true, sortValue: (safari) => safari.max_guests, cell: (safari) => safari.max_guests },
    { id: 'status', header: 'Status', sortValue: (safari) => safari.status, cell: (safari) => <StatusBadge status={safari.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (safari) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary" onClick={() => openForm({ mode: 'edit', safari })} aria-label={`Edit ${safari.name}`}>
            Edit
          </button>
          <button type="button" className="button button--danger" onClick={() => setDeleting(safari)} aria-label={`Delete ${safari.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">Safari Management</h2>
        <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'add' })}>
          Add New Safari
        </button>
      </div>
      {stats.data ? (
        <div className="stat-cards catalogue-stats">
          <StatCard label="Safaris" value={stats.data.total} />
          <StatCard label="Active" value={stats.data.active} tone="success" />
          <StatCard label="Inactive" value={stats.data.inactive} />
          <StatCard label="Seats booked" value={stats.data.seats_next_30_days} hint="Next 30 days" tone="info" />
        </div>
      ) : null}

      {form.mode !== 'closed' && (
        <SafariForm
          key={formKey}
          editing={form.mode === 'edit'}
          initial={form.mode === 'edit' ? formOfSafari(form.safari) : emptySafariForm}
          busy={save.isPending}
          serverErrors={failure?.details}
          banner={failure?.banner}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

      {safaris.isError ? (
        <p role="alert" className="form-banner">
          {safaris.error.message}
        </p>
      ) : null}
      <div className="admin-panel">
        <DataTable
          caption="Safaris"
          columns={columns}
          rows={safaris.data ?? []}
          rowKey={(safari) => safari.id}
          empty={safaris.isPending ? 'Loading safaris...' : 'No safaris yet.'}
        />
      </div>

      <ConfirmDialog
        open={deleting !== undefined}
        title={deleting ? `Delete ${deleting.name}` : 'Delete safari'}
        message="Are you sure you want to delete this safari?"
        confirmLabel="Delete safari"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={closeDelete}
      >
        {deleteError && deleting ? (
          <div role="alert" className="form-banner catalogue-refusal">
            <p>{deleteError.message}</p>
            {deleteError.refused ? (
              <button type="button" className="button button--primary" disabled={deactivate.isPending} onClick={() => deactivate.mutate(deleting)}>
                {deactivate.isPending ? 'Working...' : 'Set inactive instead'}
              </button>
            ) : null}
          </div>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
