import { useState } from 'react';
import type { AdminCottage, CottageInputDraft } from '@shared/admin-catalogue-cottages';
import { formatInr } from '@shared/money';
import { addNotification } from '@/lib/notification-store';
import { CataloguePage } from '../components/catalogue-page';
import { useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { cottageForm } from './cottage-form';
import { cottagesApi, withStatus } from './cottages-api';
import { useVillaTypes } from '../villa-types/villa-types-api';

const columnsOf = (typeName: (id: string) => string): Array<Column<AdminCottage>> => [
  {
    id: 'name',
    header: 'Name',
    sortValue: (cottage) => cottage.name,
    cell: (cottage) => (
      <div className="catalogue-name">
        <strong>{cottage.name}</strong>
        <span className="muted">{typeName(cottage.type)}</span>
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
];

/** The Cottage Management tab: every unit of every kind of stay, with add, edit, retire and delete, filtered by kind. */
export default function CottagesPage() {
  const tab = useCatalogueTab<AdminCottage, CottageInputDraft>({
    noun: 'Cottage',
    api: cottagesApi,
    inactive: (cottage) => withStatus(cottage, 'inactive'),
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
  const types = useVillaTypes().data ?? [];
  const typeName = (id: string) => types.find((type) => type.id === id)?.name ?? id;
  const activeUnits = (type: string) => all.filter((cottage) => cottage.type === type && cottage.status === 'active').length;
  const form = cottageForm(types);

  return (
    <CataloguePage
      tab={tab}
      texts={{
        noun: 'Cottage',
        title: 'Cottage Management',
        caption: typeFilter ? `${typeName(typeFilter)} units` : 'Cottages (units of each villa type)',
        loading: 'Loading cottages...',
        empty: 'No cottages yet.',
        deleteQuestion: 'Are you sure you want to delete this cottage?',
      }}
      form={form}
      columns={columnsOf(typeName)}
      rows={typeFilter ? all.filter((cottage) => cottage.type === typeFilter) : all}
      addValues={{ ...form.empty, type: typeFilter }}
      toolbar={(addButton) => (
        <div className="admin-toolbar__filters">
          <label>
            Filter by villa type
            <select value={typeFilter} onChange={(event) => setTypeFilter(event.target.value)}>
              <option value="">All villa types</option>
              {types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.name} ({activeUnits(type.id)} active)
                </option>
              ))}
            </select>
          </label>
          {addButton}
        </div>
      )}
    />
  );
}
