import { useState, type CSSProperties } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ChartBar, ChartUnit } from '@shared/inventory-chart';
import { addDaysIso, nightsBetween, resortToday } from '@shared/stay';
import { inRoleGroup, type UserRole } from '@shared/users';
import { Dialog } from '@/components/dialog';
import { adminPaths } from '@/config/admin-paths';
import { readAdminUser } from '@/lib/admin-session';
import { formatDateWithWeekday, formatResortInstant } from '@/lib/format';
import { PhoneBookingDialog } from '../bookings/phone-booking-form';
import { LoadError } from '../components/load-error';
import { useCreateBlock, useInventory, useRemoveBlock } from './calendar-api';
import './calendar.css';

const spans = { '14': '2 weeks', '31': 'Month' } as const;
type Span = keyof typeof spans;

const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-IN', { month: 'short', timeZone: 'UTC' });
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

const kindLabel: Record<ChartBar['kind'], string> = { booking: 'Booking', hold: 'Hold', block: 'Block', channel: 'Channel stay' };

/** What a bar says to a screen reader and in its tooltip. */
function describe(bar: ChartBar, unit: ChartUnit): string {
  const nights = `${formatDateWithWeekday(bar.start)} to ${formatDateWithWeekday(bar.end)}`;
  const extra =
    bar.kind === 'hold' && bar.heldUntil
      ? `, held until ${formatResortInstant(bar.heldUntil)}`
      : bar.kind === 'block' && bar.reason
        ? `: ${bar.reason}`
        : bar.reference && bar.kind !== 'channel'
          ? ` (${bar.reference}${bar.status ? `, ${bar.status}` : ''})`
          : '';
  return `${kindLabel[bar.kind]} on ${unit.name}, ${nights}: ${bar.label}${extra}`;
}

/**
 * The inventory calendar (docs/product.md#inventory-calendar): units down, nights across, every
 * booking, hold, block and channel stay as a bar. A booking opens in the Bookings tab; a block
 * opens with its reason (and Remove, for managers); a free night offers Block and Phone booking.
 * It reads again whenever the staff socket hears a change.
 */
export default function CalendarPage() {
  const navigate = useNavigate();
  const role = (readAdminUser()?.role ?? 'staff') as UserRole;
  const mayBlock = inRoleGroup(role, 'manager');
  const [from, setFrom] = useState(() => resortToday());
  const [span, setSpan] = useState<Span>('14');
  const nights = Number(span);
  const to = addDaysIso(from, nights);
  const chart = useInventory(from, to);
  const dates = Array.from({ length: nights }, (_, index) => addDaysIso(from, index));
  const [openBar, setOpenBar] = useState<{ bar: ChartBar; unit: ChartUnit }>();
  const [freeNight, setFreeNight] = useState<{ unit: ChartUnit; night: string }>();
  const [phone, setPhone] = useState<{ cottageType: string; checkIn: string; checkOut: string }>();
  const [notice, setNotice] = useState<string>();

  const openBooking = (bar: ChartBar) => navigate(`${adminPaths.bookings.getHref()}?q=${encodeURIComponent(bar.reference ?? '')}`);
  const today = resortToday();

  return (
    <section aria-labelledby="tab-title" className="admin__tab tape">
      <div className="admin-toolbar">
        <h2 id="tab-title">Calendar</h2>
        <div className="admin-toolbar__filters tape__nav">
          <button type="button" className="button button--secondary" onClick={() => setFrom(addDaysIso(from, -nights))} aria-label={`Earlier ${spans[span]}`}>
            ‹ Earlier
          </button>
          <button type="button" className="button button--secondary" onClick={() => setFrom(resortToday())} disabled={from === today}>
            Today
          </button>
          <button type="button" className="button button--secondary" onClick={() => setFrom(addDaysIso(from, nights))} aria-label={`Later ${spans[span]}`}>
            Later ›
          </button>
          <label>
            Show
            <select value={span} onChange={(event) => setSpan(event.target.value as Span)}>
              {Object.entries(spans).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <ul className="tape__legend" aria-label="Legend">
        {(['booking', 'hold', 'block', 'channel'] as const).map((kind) => (
          <li key={kind}>
            <span className={`tape__swatch tape__bar--${kind}`} aria-hidden="true" /> {kindLabel[kind]}
          </li>
        ))}
      </ul>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {chart.isError ? <LoadError what="The calendar" onRetry={() => void chart.refetch()} /> : null}
      <div className="tape__scroll" style={{ '--nights': nights } as CSSProperties} aria-busy={chart.isFetching}>
        <div
          className="tape__grid"
          role="grid"
          aria-label={`Nights from ${formatDateWithWeekday(from)} to ${formatDateWithWeekday(addDaysIso(to, -1))}`}
          aria-rowcount={(chart.data?.units.length ?? 0) + 1}
        >
          <div className="tape__row tape__row--head" role="row">
            <div className="tape__unit" role="columnheader">
              Unit
            </div>
            {dates.map((date) => (
              <div
                key={date}
                role="columnheader"
                className={`tape__date${date === today ? ' tape__date--today' : ''}${dayOf(date).getUTCDay() % 6 === 0 ? ' tape__date--weekend' : ''}`}
              >
                <span className="tape__weekday">{weekday.format(dayOf(date))}</span>
                <span className="tape__day">{dayOf(date).getUTCDate()}</span>
                {dayOf(date).getUTCDate() === 1 || date === from ? <span className="tape__month">{monthName.format(dayOf(date))}</span> : null}
              </div>
            ))}
          </div>
          {chart.isPending ? <p className="muted tape__loading">Loading the calendar…</p> : null}
          {chart.data?.units.map((unit) => (
            <div className="tape__row" role="row" key={unit.id}>
              <div className="tape__unit" role="rowheader">
                <strong>{unit.name}</strong>
                {unit.status !== 'active' ? <span className="muted"> · {unit.status}</span> : null}
              </div>
              <div className="tape__track" role="gridcell" aria-label={`Nights of ${unit.name}`}>
                {dates.map((night, index) => (
                  <button
                    key={night}
                    type="button"
                    className="tape__night"
                    style={{ gridColumn: index + 1 }}
                    aria-label={`Free: ${unit.name}, ${formatDateWithWeekday(night)}`}
                    onClick={() => setFreeNight({ unit, night })}
                  />
                ))}
                {unit.conflicts.map((conflict) => {
                  const column = nightsBetween(from, conflict.night) + 1;
                  const words = `Conflict on ${unit.name}, ${formatDateWithWeekday(conflict.night)}: ${conflict.channel} sold it, ${conflict.heldBy} holds it`;
                  return (
                    <span
                      key={`${conflict.channelId} ${conflict.night}`}
                      className="tape__conflict"
                      style={{ gridColumn: column }}
                      role="img"
                      aria-label={words}
                      title={words}
                    >
                      !
                    </span>
                  );
                })}
                {unit.bars.map((bar) => {
                  const first = Math.max(0, nightsBetween(from, bar.start));
                  const last = Math.min(nights, nightsBetween(from, bar.end));
                  if (last <= first) return null;
                  return (
                    <button
                      key={`${bar.kind}-${bar.id}-${bar.start}`}
                      type="button"
                      className={`tape__bar tape__bar--${bar.kind}${bar.continuesBefore ? ' tape__bar--before' : ''}${bar.continuesAfter ? ' tape__bar--after' : ''}`}
                      style={{ gridColumn: `${first + 1} / ${last + 1}` }}
                      title={describe(bar, unit)}
                      aria-label={describe(bar, unit)}
                      onClick={() => (bar.kind === 'booking' || bar.kind === 'hold' ? openBooking(bar) : setOpenBar({ bar, unit }))}
                    >
                      <span className="tape__label">{bar.kind === 'block' ? (bar.reason ?? 'Blocked') : bar.label}</span>
                    </button>
                  );
                })}
              </div>
            </div>
          ))}
        </div>
      </div>
      <BarDialog
        open={openBar}
        mayRemove={mayBlock}
        onClose={() => setOpenBar(undefined)}
        onRemoved={(message) => {
          setOpenBar(undefined);
          setNotice(message);
        }}
      />
      <FreeNightDialog
        open={freeNight}
        mayBlock={mayBlock}
        onClose={() => setFreeNight(undefined)}
        onBlocked={(message) => {
          setFreeNight(undefined);
          setNotice(message);
        }}
        onPhoneBooking={(stay) => {
          setFreeNight(undefined);
          setPhone(stay);
        }}
      />
      <PhoneBookingDialog
        key={phone ? `${phone.cottageType} ${phone.checkIn} ${phone.checkOut}` : 'closed'}
        open={phone !== undefined}
        initial={phone}
        onClose={() => setPhone(undefined)}
        onCreated={(reference) => {
          setPhone(undefined);
          setNotice(`Phone booking ${reference} was made.`);
        }}
      />
    </section>
  );
}

function BarDialog({
  open,
  mayRemove,
  onClose,
  onRemoved,
}: {
  open?: { bar: ChartBar; unit: ChartUnit };
  mayRemove: boolean;
  onClose: () => void;
  onRemoved: (message: string) => void;
}) {
  const remove = useRemoveBlock();
  const bar = open?.bar;
  return (
    <Dialog open={open !== undefined} title={bar ? `${kindLabel[bar.kind]}: ${open?.unit.name ?? ''}` : ''} onClose={onClose}>
      {bar ? (
        <>
          <dl className="tape__facts">
            <dt>Nights</dt>
            <dd>
              {formatDateWithWeekday(bar.start)} to {formatDateWithWeekday(bar.end)} ({nightsBetween(bar.start, bar.end)})
            </dd>
            {bar.kind === 'block' ? (
              <>
                <dt>Reason</dt>
                <dd>{bar.reason ?? '—'}</dd>
              </>
            ) : (
              <>
                <dt>Channel</dt>
                <dd>{bar.label}</dd>
                <dt>Channel's reference</dt>
                <dd>
                  <code>{bar.reference}</code>
                </dd>
              </>
            )}
          </dl>
          {remove.isError ? (
            <p role="alert" className="form-banner form-banner--error">
              {remove.error.message}
            </p>
          ) : null}
          <div className="form-actions">
            <button type="button" className="button button--secondary" onClick={onClose} data-autofocus>
              Close
            </button>
            {bar.kind === 'block' && mayRemove ? (
              <button
                type="button"
                className="button button--danger"
                disabled={remove.isPending}
                onClick={() => remove.mutate(bar.id, { onSuccess: () => onRemoved(`The nights of ${open?.unit.name ?? 'the unit'} are on sale again.`) })}
              >
                {remove.isPending ? 'Removing…' : 'Remove block'}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

function FreeNightDialog({
  open,
  mayBlock,
  onClose,
  onBlocked,
  onPhoneBooking,
}: {
  open?: { unit: ChartUnit; night: string };
  mayBlock: boolean;
  onClose: () => void;
  onBlocked: (message: string) => void;
  onPhoneBooking: (stay: { cottageType: string; checkIn: string; checkOut: string }) => void;
}) {
  const create = useCreateBlock();
  const [checkOut, setCheckOut] = useState('');
  const [reason, setReason] = useState('');
  const night = open?.night ?? '';
  const out = checkOut > night ? checkOut : addDaysIso(night || resortToday(), 1);
  return (
    <Dialog
      open={open !== undefined}
      title={open ? `${open.unit.name}, ${formatDateWithWeekday(night)}` : ''}
      onClose={() => {
        setCheckOut('');
        setReason('');
        create.reset();
        onClose();
      }}
      description="This night is free."
    >
      {open ? (
        <>
          <button
            type="button"
            className="button button--primary"
            onClick={() => onPhoneBooking({ cottageType: open.unit.type, checkIn: night, checkOut: out })}
          >
            Phone booking
          </button>
          {mayBlock ? (
            <form
              className="tape__block-form"
              onSubmit={(event) => {
                event.preventDefault();
                create.mutate(
                  { cottageId: open.unit.id, checkIn: night, checkOut: out, reason },
                  {
                    onSuccess: (block) => {
                      setCheckOut('');
                      setReason('');
                      onBlocked(`${block.cottageName} is blocked for ${block.nights === 1 ? '1 night' : `${block.nights} nights`}.`);
                    },
                  },
                );
              }}
            >
              <h3>Block nights</h3>
              <label>
                Until (check-out)
                <input type="date" value={out} min={addDaysIso(night || resortToday(), 1)} onChange={(event) => setCheckOut(event.target.value)} required />
              </label>
              <label>
                Reason
                <input type="text" value={reason} maxLength={200} onChange={(event) => setReason(event.target.value)} placeholder="Roof repair" required />
              </label>
              {create.isError ? (
                <p role="alert" className="form-banner form-banner--error">
                  {create.error.message}
                </p>
              ) : null}
              <div className="form-actions">
                <button type="submit" className="button button--secondary" disabled={create.isPending}>
                  {create.isPending ? 'Blocking…' : 'Block'}
                </button>
              </div>
            </form>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
