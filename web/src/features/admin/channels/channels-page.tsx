import { useState, type FormEvent } from 'react';
import { conflictHolder, type ChannelConflict, type ChannelImport, type SyncResult, type UnitChannels } from '@shared/channels';
import { ConfirmDialog } from '../components/confirm-dialog';
import { LoadError } from '../components/load-error';
import { formatResortInstant, plural } from '@/lib/format';
import { useChannelActions, useChannels } from './channels-api';
import './channels.css';

const conflictWords = (conflict: ChannelConflict) => `${conflict.nights.join(', ')}: ${conflictHolder(conflict.with)}`;

const syncWords = (result: SyncResult) =>
  result.notModified
    ? 'Nothing changed since the last sync.'
    : `${plural(result.imported, 'new stay')}, ${plural(result.updated, 'changed stay')}, ${plural(result.removed, 'removed stay')}${
        result.conflicts.length ? `, ${plural(result.conflicts.length, 'conflict')}` : ''
      }.`;

/**
 * Calendar sync with the booking channels (docs/product.md#calendar-sync), managers and admins:
 * each unit's own feed address to give the channels (copy, or change it if it leaked), and the
 * channels' calendars it imports (add, sync now, remove), with each one's last success, last
 * error and conflicts.
 */
export default function ChannelsPage() {
  const channels = useChannels();
  const actions = useChannelActions();
  const [notice, setNotice] = useState<string>();
  const [removing, setRemoving] = useState<ChannelImport>();
  const [rotating, setRotating] = useState<UnitChannels>();

  const copy = async (unit: UnitChannels) => {
    try {
      await navigator.clipboard.writeText(unit.exportUrl);
      setNotice(`The calendar address of ${unit.cottageName} is copied.`);
    } catch {
      setNotice('Copy the address from the field: the browser did not allow copying.');
    }
  };

  return (
    <section aria-labelledby="tab-title" className="admin__tab channels">
      <div className="admin-toolbar">
        <h2 id="tab-title">Channels</h2>
      </div>
      <p className="muted channels__intro">
        Give each channel (Booking.com, Airbnb, MakeMyTrip, Agoda) the unit’s calendar address so it stops selling nights sold here, and add the channel’s own
        calendar address so its bookings close nights here. Calendars sync every 15 minutes.
      </p>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {channels.isError ? <LoadError what="The channels" onRetry={() => void channels.refetch()} /> : null}
      {channels.isPending ? <p className="muted">Loading the channels…</p> : null}
      <ul className="channels__units">
        {channels.data?.units.map((unit) => (
          <li key={unit.cottageId} className="panel channels__unit">
            <h3>
              {unit.cottageName}
              {unit.status !== 'active' ? <span className="muted"> · {unit.status}</span> : null}
            </h3>
            <div className="channels__export">
              <label>
                This unit’s calendar address (give it to the channels)
                <input type="text" readOnly value={unit.exportUrl} onFocus={(event) => event.currentTarget.select()} />
              </label>
              <div className="form-actions">
                <button type="button" className="button button--secondary" onClick={() => void copy(unit)}>
                  Copy address
                </button>
                <button type="button" className="button button--ghost" onClick={() => setRotating(unit)}>
                  New address
                </button>
              </div>
            </div>
            <h4>Imported calendars</h4>
            {unit.imports.length === 0 ? <p className="muted">No channel calendar yet.</p> : null}
            <ul className="channels__imports">
              {unit.imports.map((channel) => (
                <li key={channel.id} className="channels__import">
                  <div>
                    <strong>{channel.name}</strong> <span className="muted">· {plural(channel.stays, 'stay')}</span>
                    <p className="muted channels__status">
                      {channel.lastSuccessAt ? `Last synced ${formatResortInstant(channel.lastSuccessAt)}` : 'Not synced yet'}
                      {channel.lastError && (!channel.lastSuccessAt || (channel.lastErrorAt ?? '') > channel.lastSuccessAt) ? (
                        <span className="channels__error" role="note">
                          {' '}
                          · Last try failed: {channel.lastError}
                        </span>
                      ) : null}
                    </p>
                    {channel.conflicts.length ? (
                      <ul className="channels__conflicts" aria-label={`Conflicts of ${channel.name}`}>
                        {channel.conflicts.map((conflict) => (
                          <li key={`${conflict.uid} ${conflict.nights.join()}`}>Sold here already: {conflictWords(conflict)}</li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                  <div className="form-actions">
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={actions.sync.isPending}
                      onClick={() =>
                        actions.sync.mutate(channel.id, {
                          onSuccess: (result) => setNotice(`${channel.name} for ${unit.cottageName}: ${syncWords(result)}`),
                          onError: (error) => setNotice(`${channel.name}: ${error.message}`),
                        })
                      }
                    >
                      Sync now
                    </button>
                    <button type="button" className="button button--danger-outline" onClick={() => setRemoving(channel)}>
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <AddChannelForm unit={unit} onAdded={(name) => setNotice(`${name} was added to ${unit.cottageName}: sync it now, or wait for the next sync.`)} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={removing !== undefined}
        title="Remove this channel calendar?"
        message={`The nights its ${plural(removing?.stays ?? 0, 'stay')} hold here become free at once. The channel keeps its own bookings.`}
        confirmLabel="Remove"
        danger
        busy={actions.remove.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() =>
          removing &&
          actions.remove.mutate(removing.id, {
            onSuccess: () => {
              setNotice(`${removing.name} was removed.`);
              setRemoving(undefined);
            },
          })
        }
      />
      <ConfirmDialog
        open={rotating !== undefined}
        title="Give this unit a new calendar address?"
        message="The old address stops working at once: paste the new one into every channel that imports this unit."
        confirmLabel="New address"
        busy={actions.rotate.isPending}
        onClose={() => setRotating(undefined)}
        onConfirm={() =>
          rotating &&
          actions.rotate.mutate(rotating.cottageId, {
            onSuccess: () => {
              setNotice(`${rotating.cottageName} has a new calendar address.`);
              setRotating(undefined);
            },
          })
        }
      />
    </section>
  );
}

function AddChannelForm({ unit, onAdded }: { unit: UnitChannels; onAdded: (name: string) => void }) {
  const { add } = useChannelActions();
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { cottageId: unit.cottageId, name, url },
      {
        onSuccess: () => {
          onAdded(name);
          setName('');
          setUrl('');
        },
      },
    );
  };
  return (
    <form className="channels__add" onSubmit={submit} aria-label={`Add a channel calendar to ${unit.cottageName}`}>
      <label>
        Channel
        <input type="text" value={name} maxLength={60} placeholder="Booking.com" onChange={(event) => setName(event.target.value)} required />
      </label>
      <label>
        Its calendar address
        <input type="url" value={url} maxLength={2000} placeholder="https://…" onChange={(event) => setUrl(event.target.value)} required />
      </label>
      {add.isError ? (
        <p role="alert" className="form-banner form-banner--error">
          {add.error.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add channel'}
        </button>
      </div>
    </form>
  );
}
