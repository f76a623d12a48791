import { useState } from 'react';
import { villaTypeLabels } from '@shared/admin-catalogue';
import type { AdminCottage, CottageInputDraft } from '@shared/admin-catalogue-cottages';
import { villaTypes } from '@shared/catalog';
import { formatInr } from '@shared/money';
import { addNotification } from '@/lib/notification-store';
import { CatalogueDeleteDialog, catalogueActionsColumn, CatalogueTable, useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { CottageForm, emptyCottageForm, formOfCottage } from './cottage-form';
import { cottageKeys, createCottage, deleteCottage, guestCottagesKey, listAdminCottages, updateCottage, withStatus } from './cottages-api';
import '../components/catalogue.css';

/** The Cottage Management tab: every unit of every villa type, with add, edit, retire and delete. */
export default function CottagesPage() {
  const tab = useCatalogueTab<AdminCottage, CottageInputDraft>({
    noun: 'Cottage',
    keys: { all: cottageKeys.all, guest: guestCottagesKey },
    list: listAdminCottages,
    save: (cottage, body) => (cottage ? updateCottage(cottage.id, body) : createCottage(body)),
    remove: (cottage) => deleteCottage(cottage.id),
    deactivate: (cottage) => updateCottage(cottage.id, withStatus(cottage, 'inactive')),
    savedMessage: (cottage) => `${cottage.name}: guests see it now.`,
    deactivatedMessage: (cottage) => `${cottage.name} keeps its bookings and takes no new ones.`,
    deleteFailed: (error, cottage) => {
      addNotification({ type: 'error', title: 'Cottage not deleted', message: `${cottage.name}: ${error.message}` });
      return undefined;
    },
    deactivateFailed: (error, cottage) => {
      addNotification({ type: 'error', title: 'Cottage not changed', message: `${cottage.name}: ${error.message}` });
      return undefined;
    },
  });
  const [typeFilter, setTypeFilter] = useState('');

  const all = tab.list.data ?? [];
  const rows = typeFilter ? all.filter((cottage) => cottage.type === typeFilter) : all;
  const typePrices = Object.fromEntries(all.filter((cottage) => cottage.id !== tab.editing?.id).map((cottage) => [cottage.type, cottage.price_per_night]));
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
    catalogueActionsColumn(tab),
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
          <button type="button" className="button button--primary" onClick={() => tab.openForm({ mode: 'add' })}>
            Add New Cottage
          </button>
        </div>
      </div>

      {tab.form.mode !== 'closed' && (
        <CottageForm
          key={tab.formKey}
          editing={tab.editing !== undefined}
          initial={tab.editing ? formOfCottage(tab.editing) : { ...emptyCottageForm, type: typeFilter }}
          busy={tab.save.isPending}
          serverErrors={tab.failure?.details}
          banner={tab.failure?.banner}
          typePrices={typePrices}
          onSubmit={(body) => tab.save.mutate(body)}
          onCancel={tab.closeForm}
        />
      )}

      <CatalogueTable
        list={tab.list}
        caption={typeFilter ? `${villaTypeLabels[typeFilter as keyof typeof villaTypeLabels]} units` : 'Cottages (units of each villa type)'}
        columns={columns}
        rows={rows}
        loading="Loading cottages..."
        empty="No cottages yet."
      />

      <CatalogueDeleteDialog tab={tab} noun="cottage" message="Are you sure you want to delete this cottage?" />
    </section>
  );
}
