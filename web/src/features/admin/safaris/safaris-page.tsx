import { useQuery } from '@tanstack/react-query';
import type { AdminSafari } from '@shared/admin-catalogue-safaris';
import { formatInr } from '@shared/money';
import { titleCase } from '../components/catalogue-form';
import { CatalogueDeleteDialog, catalogueActionsColumn, CatalogueTable, useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { emptySafariForm, formOfSafari, SafariForm } from './safari-form';
import { deleteSafari, getSafariStats, guestSafarisKey, listAdminSafaris, safariKeys, saveSafari } from './safaris-api';
import '../components/catalogue.css';

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
  const tab = useCatalogueTab<AdminSafari, Record<string, unknown>>({
    noun: 'Safari',
    keys: { all: safariKeys.all, guest: guestSafarisKey },
    list: listAdminSafaris,
    save: (safari, body) => saveSafari(safari?.id, body),
    remove: (safari) => deleteSafari(safari.id),
    deactivate: (safari) => saveSafari(safari.id, inactive(safari)),
    savedMessage: (safari) => `${safari.name} is saved.`,
    deactivatedMessage: (safari) => `${safari.name} keeps its booked seats and takes no new ones.`,
    deleteFailed: (error) => error.message,
    deactivateFailed: (error) => error.message,
  });
  const stats = useQuery({ queryKey: safariKeys.stats, queryFn: ({ signal }) => getSafariStats({ signal }) });

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
    catalogueActionsColumn(tab),
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">Safari Management</h2>
        <button type="button" className="button button--primary" onClick={() => tab.openForm({ mode: 'add' })}>
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

      {tab.form.mode !== 'closed' && (
        <SafariForm
          key={tab.formKey}
          editing={tab.editing !== undefined}
          initial={tab.editing ? formOfSafari(tab.editing) : emptySafariForm}
          busy={tab.save.isPending}
          serverErrors={tab.failure?.details}
          banner={tab.failure?.banner}
          onSubmit={(body) => tab.save.mutate(body)}
          onCancel={tab.closeForm}
        />
      )}

      <CatalogueTable list={tab.list} caption="Safaris" columns={columns} rows={tab.list.data ?? []} loading="Loading safaris..." empty="No safaris yet." />

      <CatalogueDeleteDialog tab={tab} noun="safari" message="Are you sure you want to delete this safari?" />
    </section>
  );
}
