import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { villaTypeLabels, type AdminCottage, type CottageInputDraft } from '@shared/admin-catalogue';
import { villaTypes } from '@shared/catalog';
import { formatInr } from '@shared/money';
import { addNotification } from '@/lib/notification-store';
import { refusedForBookings, saveFailure, type FormErrors } from '../components/catalogue-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { DataTable, type Column } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { CottageForm, emptyCottageForm, formOfCottage } from './cottage-form';
import { cottageKeys, createCottage, deleteCottage, guestCottagesKey, listAdminCottages, updateCottage, withStatus } from './cottages-api';
import '../components/catalogue.css';

type FormState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; cottage: AdminCottage };

/** The Cottage Management tab: every unit of every villa type, with add, edit, retire and delete. */
export default function CottagesPage() {
  const client = useQueryClient();
  const cottages = useQuery({ queryKey: cottageKeys.all, queryFn: ({ signal }) => listAdminCottages({ signal }) });
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [formKey, setFormKey] = useState(0);
  const [failure, setFailure] = useState<{ banner: string; details?: FormErrors }>();
  const [typeFilter, setTypeFilter] = useState('');
  const [deleting, setDeleting] = useState<AdminCottage>();
  const [refusal, setRefusal] = useState<string>();

  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: cottageKeys.all }), client.invalidateQueries({ queryKey: guestCottagesKey })]);
  const openForm = (next: FormState) => {
    setForm(next);
    setFailure(undefined);
    setFormKey((key) => key + 1);
  };
  const closeDelete = () => {
    setDeleting(undefined);
    setRefusal(undefined);
  };

  const save = useMutation({
    mutationFn: (body: CottageInputDraft) => (form.mode === 'edit' ? updateCottage(form.cottage.id, body) : createCottage(body)),
    onSuccess: (cottage) => {
      addNotification({ type: 'success', title: form.mode === 'edit' ? 'Cottage updated' : 'Cottage created', message: `${cottage.name}: guests see it now.` });
      setForm({ mode: 'closed' });
      setFailure(undefined);
    },
    onError: (error) => setFailure(saveFailure(error)),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (cottage: AdminCottage) => deleteCottage(cottage.id),
    onSuccess: (_answer, cottage) => {
      addNotification({ type: 'success', title: 'Cottage deleted', message: `${cottage.name} is no longer in the catalogue.` });
      closeDelete();
    },
    onError: (error, cottage) => {
      const refused = refusedForBookings(error);
      if (refused) setRefusal(refused);
      else {
        addNotification({ type: 'error', title: 'Cottage not deleted', message: `${cottage.name}: ${error.message}` });
        closeDelete();
      }
    },
    onSettled: refresh,
  });

  const deactivate = useMutation({
    mutationFn: (cottage: AdminCottage) => updateCottage(cottage.id, withStatus(cottage, 'inactive')),
    onSuccess: (cottage) => {
      addNotification({ type: 'success', title: 'Cottage set inactive', message: `${cottage.name} keeps its bookings and takes no new ones.` });
      closeDelete();
    },
    onError: (error, cottage) => addNotification({ type: 'error', title: 'Cottage not changed', message: `${cottage.name}: ${error.message}` }),
    onSettled: refresh,
  });

  const all = cottages.data ?? [];
  const rows = typeFilter ? all.filter((cottage) => cottage.type === typeFilter) : all;
  const typePrices = Object.fromEntries(
    all.filter((cottage) => form.mode !== 'edit' || cottage.id !== form.cottage.id).map((cottage) => [cottage.type, cottage.price_per_night]),
  );
  const activeUnits = (type: string) => all.filter((cottage) => cottage.type === type && cottage.status === 'active').length;

  const columns: Array<Column<AdminCottage>> = [
    {
      id: 'name',
      header: 'Name',
      sortValue: (cottage) => cottage.name,
      cell: (cottage) => (
        <div className="catalogue-name">
          <strong>{cottage.name}</strong>
          <span className="muted">{villaTypeLabels[cottage.type]}</span>
          <span className="catalogue-name__description">{cottage.description}</span>
        </div>
      ),
    },
    {
      id: 'price',
      header: 'Price',
      numeric: true,
      sortValue: (cottage) => cottage.price_per_night,
      cell: (cottage) => `${formatInr(cottage.price_per_night)} / night`,
    },
    { id: 'capacity', header: 'Capacity', numeric: true, sortValue: (cottage) => cottage.capacity, cell: (cottage) => `${cottage.capacity} guests` },
    { id: 'status', header: 'Status', sortValue: (cottage) => cottage.status, cell: (cottage) => <StatusBadge status={cottage.status} /> },
    {
      id: 'bookings',
      header: 'Bookings',
      numeric: true,
      sortValue: (cottage) => cottage.total_bookings,
      cell: (cottage) => (
        <span title="Upcoming stays: confirmed / all">
          {cottage.confirmed_bookings} / {cottage.total_bookings}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (cottage) => (
        <div className="row-actions">
          <button type="button" className="button button--secondary" onClick={() => openForm({ mode: 'edit', cottage })} aria-label={`Edit ${cottage.name}`}>
            Edit
          </button>
          <button type="button" className="button button--danger" onClick={() => setDeleting(cottage)} aria-label={`Delete ${cottage.name}`}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">Cottage Management</h2>
        <div className="admin-toolbar__filters">
          <label>
            Filter by villa type
            <select value={typeFilter} onChange={(event) => setTypeFilter(event.target.value)}>
              <option value="">All villa types</option>
              {villaTypes.map((type) => (
                <option key={type} value={type}>
                  {villaTypeLabels[type]} ({activeUnits(type)} active)
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="button button--primary" onClick={() => openForm({ mode: 'add' })}>
            Add New Cottage
          </button>
        </div>
      </div>

      {form.mode !== 'closed' && (
        <CottageForm
          key={formKey}
          editing={form.mode === 'edit'}
          initial={form.mode === 'edit' ? formOfCottage(form.cottage) : { ...emptyCottageForm, type: typeFilter }}
          busy={save.isPending}
          serverErrors={failure?.details}
          banner={failure?.banner}
          typePrices={typePrices}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => setForm({ mode: 'closed' })}
        />
      )}

      {cottages.isError ? (
        <p role="alert" className="form-banner">
          {cottages.error.message}
        </p>
      ) : null}
      <div className="admin-panel">
        <DataTable
          caption={typeFilter ? `${villaTypeLabels[typeFilter as keyof typeof villaTypeLabels]} units` : 'Cottages (units of each villa type)'}
          columns={columns}
          rows={rows}
          rowKey={(cottage) => cottage.id}
          empty={cottages.isPending ? 'Loading cottages...' : 'No cottages yet.'}
        />
      </div>

      <ConfirmDialog
        open={deleting !== undefined}
        title={deleting ? `Delete ${deleting.name}` : 'Delete cottage'}
        message="Are you sure you want to delete this cottage?"
        confirmLabel="Delete cottage"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={closeDelete}
      >
        {refusal && deleting ? (
          <div role="alert" className="form-banner catalogue-refusal">
            <p>{refusal}</p>
            <button type="button" className="button button--primary" disabled={deactivate.isPending} onClick={() => deactivate.mutate(deleting)}>
              {deactivate.isPending ? 'Working...' : 'Set inactive instead'}
            </button>
          </div>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
