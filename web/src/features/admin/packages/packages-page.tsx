import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminPackage } from '@shared/admin-catalogue';
import { formatInr } from '@shared/money';
import { addNotification } from '@/lib/notification-store';
import { refusedForBookings, saveFailure, type FormErrors } from '../components/catalogue-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { emptyPackageForm, formOfPackage, PackageForm } from './package-form';
import { deletePackage, getPackageStats, guestPackagesKey, listAdminPackages, packageKeys, savePackage } from './packages-api';
import '../components/catalogue.css';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; stayPackage: AdminPackage };

const SAVE_FAILED = 'Failed to save package. Please try again.';
const DELETE_FAILED = 'Failed to delete package. Please try again.';
const titleCase = (text: string) => text.replace(/-/g, ' ').replace(/\b\w/g, (letter) => letter.toUpperCase());

/** The body that saves a package as it is, but inactive (instead of a refused delete). */
const inactive = (stayPackage: AdminPackage) => ({
  name: stayPackage.name,
  type: stayPackage.type,
  description: stayPackage.description,
  price_multiplier: stayPackage.price_multiplier,
  includes_safari: stayPackage.includes_safari ? 1 : 0,
  max_safaris: stayPackage.max_safaris,
  is_active: 0,
  status: 'inactive',
});

/** The Package Management tab: every package, active or not, with take-up, add, edit and delete. */
export default function PackagesPage() {
  const client = useQueryClient();
  const packages = useQuery({ queryKey: packageKeys.all, queryFn: ({ signal }) => listAdminPackages({ signal }) });
  const stats = useQuery({ queryKey: packageKeys.stats, queryFn: ({ signal }) => getPackageStats({ signal }) });
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [failure, setFailure] = useState<{ banner: string; details?: FormErrors }>();
  const [deleting, setDeleting] = useState<AdminPackage>();
  const [deleteError, setDeleteError] = useState<{ message: string; refused: boolean }>();

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: packageKeys.all }), client.invalidateQueries({ queryKey: guestPackagesKey })]);
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
    mutationFn: (body: Record<string, unknown>) => savePackage(form.mode === 'edit' ? form.stayPackage.id : undefined, body),
    onSuccess: (stayPackage) => {
      addNotification({ type: 'success', title: form.mode === 'edit' ? 'Package updated' : 'Package created', message: `${stayPackage.name} is saved.` });
      setForm({ mode: 'closed' });
      setFailure(undefined);
    },
    onError: (error) => setFailure(saveFailure(error, SAVE_FAILED)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (stayPackage: AdminPackage) => deletePackage(stayPackage.id),
    onSuccess: (_answer, stayPackage) => {
      addNotification({ type: 'success', title: 'Package deleted', message: `${stayPackage.name} is no longer in the catalogue.` });
      closeDelete();
    },
    onError: (error) => {
      const refused = refusedForBookings(error);
      setDeleteError(refused ? { message: refused, refused: true } : { message: DELETE_FAILED, refused: false });
    },
    onSettled: refresh,
  });

  const deactivate = useMutation({
    mutationFn: (stayPackage: AdminPackage) => savePackage(stayPackage.id, inactive(stayPackage)),
    onSuccess: (stayPackage) => {
      addNotification({ type: 'success', title: 'Package set inactive', message: `${stayPackage.name} keeps its bookings and takes no new ones.` });
      closeDelete();
    },
    onError: () => setDeleteError({ message: SAVE_FAILED, refused: false }),
    onSettled: refresh,
  });

  const takeUp = new Map((stats.data?.packages ?? []).map((entry) => [entry.id, entry]));
  const columns: Array<Column<AdminPackage>> = [
    {
      id: 'package',
      header: 'Package',
      sortValue: (stayPackage) => stayPackage.name,
      cell: (stayPackage) => (
        <div className="catalogue-name">
          <strong>{stayPackage.name}</strong>
          <span className="catalogue-name__description">{stayPackage.description}</span>
          <span className="muted">
            {stayPackage.includes_safari ? `Includes up to ${stayPackage.max_safaris} safaris` : 'No safari'} ·{' '}
            {takeUp.get(stayPackage.id)?.upcoming_bookings ?? 0} upcoming bookings
          </span>
        </div>
      ),
    },
    { id: 'type', header: 'Type', sortValue: (stayPackage) => stayPackage.type, cell: (stayPackage) => titleCase(stayPackage.type) },
    { id: 'duration', header: 'Duration', cell: (stayPackage) => stayPackage.duration },
    {
      id: 'price',
      header: 'Price',
      numeric: true,
      sortValue: (stayPackage) => stayPackage.price,
      cell: (stayPackage) => <span title={`Multiplier ${stayPackage.price_multiplier}`}>{formatInr(stayPackage.price)}</span>,
    },
    { id: 'guests', header: 'Max Guests', numeric: true, sortValue: (stayPackage) => stayPackage.max_guests, cell: (stayPackage) => stayPackage.max_guests },
    { id: 'status', header: 'Status', sortValue: (stayPackage) => stayPackage.status, cell: (stayPackage) => <StatusBadge status={stayPackage.status} /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: (stayPackage) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => openForm({ mode: 'edit', stayPackage })}
            aria-label={`Edit ${stayPackage.name}`}
          >
            Edit
          </button>
          <button type="button" className="button button--danger" onClick={() => setDeleting(stayPackage)} aria-label={`Delete ${stayPackage.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">Package Management</h2>
        <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'add' })}>
          Add New Package
        </button>
      </div>
      {stats.data ? (
        <div className="stat-cards catalogue-stats">
          <StatCard label="Packages" value={stats.data.total} />
          <StatCard label="Active" value={stats.data.active} tone="success" />
          <StatCard label="With safari" value={stats.data.with_safari} tone="info" />
          <StatCard label="Booked (30 days)" value={stats.data.bookings_last_30_days} hint="Bookings made with a package" />
        </div>
      ) : null}

      {form.mode !== 'closed' && (
        <PackageForm
          key={formKey}
          editing={form.mode === 'edit'}
          initial={form.mode === 'edit' ? formOfPackage(form.stayPackage) : emptyPackageForm}
          existingMaxSafaris={form.mode === 'edit' ? form.stayPackage.max_safaris : undefined}
          busy={save.isPending}
          serverErrors={failure?.details}
          banner={failure?.banner}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

      {packages.isError ? (
        <p role="alert" className="form-banner">
          {packages.error.message}
        </p>
      ) : null}
      <div className="admin-panel">
        <DataTable
          caption="Packages"
          columns={columns}
          rows={packages.data ?? []}
          rowKey={(stayPackage) => stayPackage.id}
          empty={packages.isPending ? 'Loading packages...' : 'No packages yet.'}
        />
      </div>

      <ConfirmDialog
        open={deleting !== undefined}
        title={deleting ? `Delete ${deleting.name}` : 'Delete package'}
        message="Are you sure you want to delete this package?"
        confirmLabel="Delete package"
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
