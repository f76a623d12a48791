import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  offeredActions,
  adminBookingSchema,
  listStatuses,
  searchableText,
  type AdminBooking,
  type BookingList,
  type StatusAction,
} from '@shared/booking-admin';
import { formatInr } from '@shared/money';
import { resortToday } from '@shared/stay';
import { z } from 'zod/mini';
import { readAdminUser } from '@/lib/admin-session';
import { useRealtimeEvent } from '@/lib/realtime';
import { adminRequest } from '../api/admin-request';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { BookingDetailsDialog } from './booking-details-dialog';
import { confirmationText, monthLabel, partyOf, paymentLabel, statusLabels, stayDates } from './booking-format';
import { bookingKeys, useBookingList, useDashboard, useStatusChange, type ListFilters } from './bookings-api';
import { PhoneBookingDialog } from './phone-booking-form';
import './bookings.css';

const SEARCH_DELAY_MS = 300;
const HIGHLIGHT_MS = 3000;

/** The search box's text, sent to the server a moment after the typing stops. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type Pending = { action: StatusAction; booking: AdminBooking };

/**
 * The Booking Management tab: the counts, the status filter and a search that filters while
 * typing (both kept in the URL), the table newest first with 'Load more' from the server's cursor,
 * the row's actions by status and role (each asks first, then shows at once and rolls back with
 * the server's message if refused), the details modal, and a phone booking. New bookings slide in
 * at the top, highlighted, without re-sorting what is under the pointer.
 */
export default function BookingsPage() {
  const role = readAdminUser()?.role;
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const filters: ListFilters = useMemo(() => ({ status: status || undefined, q: q.toLowerCase() || undefined }), [status, q]);

  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const list = useBookingList(filters);
  const stats = useDashboard();
  const change = useStatusChange();
  const client = useQueryClient();
  const [pending, setPending] = useState<Pending>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [viewing, setViewing] = useState<string>();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  // A new booking: read it and put it on top of the list it belongs to, highlighted for a moment.
  useRealtimeEvent('new-booking', (data) => {
    const id = (data.booking as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string') return;
    void client.invalidateQueries({ queryKey: bookingKeys.stats });
    void adminRequest(`/bookings/${id}/details`, z.object({ booking: adminBookingSchema }))
      .then(({ booking }) => {
        const current = filters;
        if ((current.status && booking.status !== current.status) || (current.q && !searchableText(booking).includes(current.q))) return;
        const cached = client.getQueryData<InfiniteData<BookingList, string | undefined>>(bookingKeys.list(current));
        // Already listed (a replayed event, or a list read after it was made): nothing moves.
        if (!cached?.pages[0] || cached.pages.some((page) => page.bookings.some((row) => row.id === booking.id))) return;
        const [first, ...rest] = cached.pages;
        client.setQueryData<InfiniteData<BookingList, string | undefined>>(bookingKeys.list(current), {
          ...cached,
          pages: [{ ...first, bookings: [booking, ...first.bookings] }, ...rest],
        });
        setFresh((ids) => new Set([...ids, booking.id]));
        setTimeout(() => setFresh((ids) => new Set([...ids].filter((other) => other !== booking.id))), HIGHLIGHT_MS);
      })
      .catch(() => undefined);
  });

  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.bookings) ?? [], [list.data]);
  const through = list.data?.pages.at(-1)?.through;

  const run = (choice: Pending) => {
    setPending(undefined);
    setFailure(undefined);
    setDone(undefined);
    change.mutate(
      { id: choice.booking.id, status: choice.action.to },
      {
        onSuccess: () => setDone(`Booking ${choice.booking.booking_reference} is ${statusLabels[choice.action.to]?.toLowerCase() ?? choice.action.to}.`),
        onError: (error) => setFailure(`${choice.action.label} ${choice.booking.booking_reference} failed: ${error.message}`),
      },
    );
  };

  const columns: Array<Column<AdminBooking>> = [
    {
      id: 'customer',
      header: 'Customer',
      sortValue: (row) => row.customer_name,
      cell: (row) => (
        <div className="booking-cell">
          <strong>{row.customer_name}</strong>
          <span className="muted">{row.customer_email}</span>
          <span className="muted">
            {row.booking_reference}
            {row.created_by ? ' · phone' : ''}
          </span>
        </div>
      ),
    },
    { id: 'cottage', header: 'Cottage', sortValue: (row) => row.cottage_name, cell: (row) => row.cottage_name },
    { id: 'dates', header: 'Dates', sortValue: (row) => row.check_in_date, cell: (row) => <span className="nowrap">{stayDates(row)}</span> },
    {
      id: 'guests',
      header: 'Guests',
      numeric: true,
      sortValue: (row) => row.adults + row.children,
      cell: (row) => (
        <div className="booking-cell">
          <strong>{row.adults + row.children}</strong>
          <span className="muted nowrap">{partyOf(row)}</span>
        </div>
      ),
    },
    { id: 'amount', header: 'Amount', numeric: true, sortValue: (row) => row.total_amount, cell: (row) => formatInr(row.total_amount) },
    { id: 'status', header: 'Status', sortValue: (row) => row.status, cell: (row) => <StatusBadge status={row.status} label={statusLabels[row.status]} /> },
    { id: 'payment', header: 'Payment', cell: (row) => <StatusBadge status={row.payment_status} label={paymentLabel(row)} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <div className="row-actions booking-actions">
          <button type="button" className="button button--secondary" onClick={() => setViewing(row.id)} aria-label={`View booking ${row.booking_reference}`}>
            View
          </button>
          {offeredActions(row, role, resortToday()).map((action) => (
            <button
              key={action.action}
              type="button"
              className={`button ${action.action === 'cancel' ? 'button--danger' : 'button--primary'}`}
              onClick={() => setPending({ action, booking: row })}
              aria-label={`${action.label} booking ${row.booking_reference}`}
            >
              {action.label}
            </button>
          ))}
        </div>
      ),
    },
  ];

  const counts = stats.data?.overview;
  const count = (value: number | undefined) => (value === undefined ? '–' : value);

  return (
    <section aria-labelledby="tab-title" className="admin__tab bookings-tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">Booking Management</h2>
        <div className="admin-toolbar__filters">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void client.invalidateQueries({ queryKey: bookingKeys.all })}
            disabled={list.isFetching}
          >
            {list.isFetching && !list.isFetchingNextPage ? 'Refreshing...' : 'Refresh Bookings'}
          </button>
          <button type="button" className="button button--primary" onClick={() => setPhoneOpen(true)}>
            New phone booking
          </button>
        </div>
      </div>

      <div className="stat-cards" aria-label="Booking counts">
        <StatCard label="Total Bookings" value={count(counts?.totalBookings)} hint={stats.data ? `Made since ${monthLabel(stats.data.since)}` : undefined} />
        <StatCard label="Confirmed" value={count(counts?.confirmedBookings)} tone="success" />
        <StatCard label="Pending" value={count(counts?.pendingBookings)} tone="warning" />
        <StatCard label="Completed" value={count(counts?.completedBookings)} tone="info" />
        <StatCard label="Cancelled" value={count(counts?.cancelledBookings)} tone="danger" />
      </div>

      <div className="admin-toolbar">
        <div className="admin-toolbar__filters">
          <label>
            Status
            <select
              value={status}
              onChange={(event) =>
                setParams(
                  (current) => {
                    const next = new URLSearchParams(current);
                    if (event.target.value) next.set('status', event.target.value);
                    else next.delete('status');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="">All statuses</option>
              {listStatuses.map((value) => (
                <option key={value} value={value}>
                  {statusLabels[value] ?? value}
                </option>
              ))}
            </select>
          </label>
          <label>
            Search
            <input type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Search by customer, email, or cottage..." />
          </label>
        </div>
      </div>

      <div aria-live="polite" className="bookings-tab__messages">
        {failure ? (
          <p className="form-banner" role="alert">
            {failure}
          </p>
        ) : null}
        {done ? <p className="form-banner form-banner--info">{done}</p> : null}
      </div>

      {list.isError ? (
        <div className="form-banner" role="alert">
          The bookings could not be loaded: {list.error.message}{' '}
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </div>
      ) : null}

      <div className="admin-panel">
        <DataTable
          caption={status ? `${statusLabels[status] ?? status} bookings, newest first` : 'Bookings, newest first'}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.id}
          rowClassName={(row) => (fresh.has(row.id) ? 'row--new' : undefined)}
          empty={list.isPending ? 'Loading bookings...' : q || status ? 'No bookings match these filters.' : 'No bookings yet.'}
        />
        <div className="pager">
          <span className="muted">
            Showing {rows.length === 1 ? '1 booking' : `${rows.length} bookings`}
            {list.hasNextPage ? '' : through ? ` (bookings made since ${monthLabel(through)})` : ''}
          </span>
          {list.hasNextPage ? (
            <button type="button" className="button button--secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </button>
          ) : null}
        </div>
      </div>

      <ConfirmDialog
        open={Boolean(pending)}
        title={pending ? `${pending.action.label} booking?` : ''}
        message={pending ? confirmationText(pending.action.action, pending.booking) : ''}
        confirmLabel={pending ? `${pending.action.label} booking` : ''}
        danger={pending?.action.action === 'cancel'}
        onConfirm={() => pending && run(pending)}
        onClose={() => setPending(undefined)}
      />
      <BookingDetailsDialog id={viewing} role={role} onClose={() => setViewing(undefined)} />
      <PhoneBookingDialog open={phoneOpen} onClose={() => setPhoneOpen(false)} onCreated={(reference) => setDone(`Phone booking ${reference} was made.`)} />
    </section>
  );
}
