import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useRealtimeEvent } from '@/lib/realtime';
import type { AdminBooking } from '@shared/booking-admin';
import { formatInr } from '@shared/money';
import { adminPaths } from '@/config/admin-paths';
import { readAdminUser } from '@/lib/admin-session';
import { DataTable, type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { monthLabel, statusLabels, stayDates } from '../bookings/booking-format';
import { bookingKeys, useDashboard } from '../bookings/bookings-api';
import { tabsFor } from '../layout/admin-tabs';
import './overview.css';

const quickActions = [
  { label: 'Add New Cottage', href: adminPaths.cottages.getHref() },
  { label: 'Create Package', href: adminPaths.packages.getHref() },
  { label: 'View All Bookings', href: adminPaths.bookings.getHref() },
];

const columns: Array<Column<AdminBooking>> = [
  {
    id: 'customer',
    header: 'Customer',
    cell: (row) => (
      <div className="overview-customer">
        <strong>{row.customer_name}</strong>
        <span className="muted">{row.customer_email}</span>
      </div>
    ),
  },
  { id: 'dates', header: 'Dates', cell: (row) => <span className="overview-nowrap">{stayDates(row)}</span> },
  { id: 'amount', header: 'Amount', numeric: true, cell: (row) => formatInr(row.total_amount) },
  { id: 'status', header: 'Status', cell: (row) => <StatusBadge status={row.status} label={statusLabels[row.status]} /> },
];

/** The Overview tab (docs/product.md#overview-tab): the four figures, the five newest bookings, quick actions, occupancy per villa and revenue per month. */
export default function OverviewPage() {
  const dashboard = useDashboard();
  // Bookings made, changed or paid meanwhile: the figures and the newest bookings are read again.
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: bookingKeys.stats });
  useRealtimeEvent('new-booking', refresh);
  useRealtimeEvent('booking-update', refresh);
  useRealtimeEvent('payment-received', refresh);
  const data = dashboard.data;
  const allowed = new Set(tabsFor(readAdminUser()?.role).map((tab) => tab.href));
  const value = (figure: number | undefined) => (figure === undefined ? '–' : figure);

  return (
    <section aria-labelledby="tab-title" className="admin__tab overview-tab">
      <h2 id="tab-title">Overview</h2>
      {dashboard.isError ? (
        <div className="form-banner" role="alert">
          The figures could not be loaded: {dashboard.error.message}{' '}
          <button type="button" className="button button--secondary" onClick={() => void dashboard.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      <div className="stat-cards" aria-busy={dashboard.isPending}>
        <StatCard label="Total Bookings" value={value(data?.overview.totalBookings)} hint={data ? `Made since ${monthLabel(data.since)}` : undefined} />
        <StatCard label="Confirmed Bookings" value={value(data?.overview.confirmedBookings)} tone="success" />
        <StatCard label="Pending Bookings" value={value(data?.overview.pendingBookings)} tone="warning" />
        <StatCard
          label="Revenue (30 days)"
          value={data ? formatInr(data.overview.totalRevenue) : '–'}
          tone="info"
          hint="Money received in the last 30 days (paid online or at the property), less refunds"
        />
      </div>

      <div className="overview-grid">
        <div className="admin-panel overview-recent">
          <h3>Recent Bookings</h3>
          <DataTable
            caption="The five newest bookings"
            columns={columns}
            rows={data?.recentBookings.slice(0, 5) ?? []}
            rowKey={(row) => row.id}
            empty={dashboard.isPending ? 'Loading...' : 'No bookings yet.'}
          />
        </div>

        <div className="admin-panel">
          <h3>Quick Actions</h3>
          <ul className="overview-actions">
            {quickActions
              .filter((action) => allowed.has(action.href))
              .map((action) => (
                <li key={action.href}>
                  <Link className="button button--secondary" to={action.href}>
                    {action.label}
                  </Link>
                </li>
              ))}
          </ul>
        </div>

        <div className="admin-panel">
          <h3>Cottage Occupancy</h3>
          {data?.cottageOccupancy.length ? (
            <ul className="overview-list">
              {data.cottageOccupancy.slice(0, 3).map((entry) => (
                <li key={entry.cottage_type}>
                  <span>{entry.cottage_name}</span>
                  <strong>
                    {entry.confirmed_bookings} / {entry.total_bookings}
                  </strong>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{dashboard.isPending ? 'Loading...' : 'No bookings yet.'}</p>
          )}
          <p className="muted overview-note">Confirmed (including checked in and completed) / all bookings not cancelled.</p>
        </div>

        <div className="admin-panel">
          <h3>Monthly Revenue</h3>
          {data ? (
            <ul className="overview-list">
              {data.monthlyRevenue.slice(0, 3).map((entry) => (
                <li key={entry.month}>
                  <span>{monthLabel(entry.month)}</span>
                  <strong>{formatInr(entry.revenue)}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Loading...</p>
          )}
        </div>
      </div>
    </section>
  );
}
