import type { AdminSafari, SafariStats } from '@shared/admin-catalogue-safaris';
import { formatInr } from '@shared/money';
import { useCatalogueStats } from '../components/catalogue-api';
import { titleCase } from '../components/catalogue-form';
import { CataloguePage } from '../components/catalogue-page';
import { useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { safariForm } from './safari-form';
import { inactiveSafari, safarisApi, safariStats } from './safaris-api';

/** The table's columns, each safari with its seats booked ahead (`seats`, from the stats). */
const safariColumns = (seats: Map<string, SafariStats['safaris'][number]>): Array<Column<AdminSafari>> => [
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
];

/** The Safari Management tab: every safari, active or not, with seats sold ahead, add, edit and delete. */
export default function SafarisPage() {
  const tab = useCatalogueTab<AdminSafari, Record<string, unknown>>({
    noun: 'Safari',
    api: safarisApi,
    inactive: inactiveSafari,
    savedMessage: (safari) => `${safari.name} is saved.`,
    deactivatedMessage: (safari) => `${safari.name} keeps its booked seats and takes no new ones.`,
    deleteFailed: (error) => error.message,
    deactivateFailed: (error) => error.message,
  });
  const stats = useCatalogueStats(safarisApi, safariStats);

  return (
    <CataloguePage
      tab={tab}
      texts={{
        noun: 'Safari',
        title: 'Safari Management',
        caption: 'Safaris',
        loading: 'Loading safaris...',
        empty: 'No safaris yet.',
        deleteQuestion: 'Are you sure you want to delete this safari?',
      }}
      form={safariForm}
      columns={safariColumns(new Map((stats.data?.safaris ?? []).map((entry) => [entry.id, entry])))}
      summary={
        stats.data ? (
          <div className="stat-cards catalogue-stats">
            <StatCard label="Safaris" value={stats.data.total} />
            <StatCard label="Active" value={stats.data.active} tone="success" />
            <StatCard label="Inactive" value={stats.data.inactive} />
            <StatCard label="Seats booked" value={stats.data.seats_next_30_days} hint="Next 30 days" tone="info" />
          </div>
        ) : null
      }
    />
  );
}
