import { Link } from 'react-router';
import type { AdminStayType, StayTypeInputDraft } from '@shared/admin-catalogue-stay-types';
import { stayTypeWithStatus } from '@shared/admin-catalogue-stay-types';
import { formatInr } from '@shared/money';
import { adminPaths } from '@/config/admin-paths';
import { addNotification } from '@/lib/notification-store';
import { CataloguePage } from '../components/catalogue-page';
import { useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatusBadge } from '../components/status-badge';
import { villaTypeForm } from './villa-type-form';
import { villaTypesApi } from './villa-types-api';

const columns: Array<Column<AdminStayType>> = [
  {
    id: 'name',
    header: 'Villa type',
    sortValue: (type) => type.name,
    cell: (type) => (
      <div className="catalogue-name">
        <strong>{type.name}</strong>
        <span className="catalogue-name__description">{type.description}</span>
      </div>
    ),
  },
  { id: 'price', header: 'Price', numeric: true, sortValue: (type) => type.price_per_night, cell: (type) => `${formatInr(type.price_per_night)} / night` },
  { id: 'capacity', header: 'Capacity', numeric: true, sortValue: (type) => type.capacity, cell: (type) => `${type.capacity} guests` },
  {
    id: 'units',
    header: 'Units',
    numeric: true,
    sortValue: (type) => type.active_units,
    cell: (type) => <span title="Units taking bookings / all units">{`${type.active_units} / ${type.units}`}</span>,
  },
  { id: 'status', header: 'Status', sortValue: (type) => type.status, cell: (type) => <StatusBadge status={type.status} /> },
];

/** What a saved type means for guests. */
function savedMessage(type: AdminStayType): string {
  if (type.status === 'retired') return `${type.name} is retired: guests no longer see it.`;
  if (type.active_units === 0) return `${type.name} is saved. Add a unit on the Cottages tab and guests can book it.`;
  return `${type.name}: guests see it now.`;
}

/**
 * The Villa Types tab (docs/product.md#villa-types-tab): the kinds of stay guests choose, each with
 * its card, capacity and the one price its units share. Types are retired, never deleted: their
 * units' bookings keep pointing at them.
 */
export default function VillaTypesPage() {
  const tab = useCatalogueTab<AdminStayType, StayTypeInputDraft>({
    noun: 'Villa Type',
    api: villaTypesApi,
    inactive: (type) => stayTypeWithStatus(type, 'retired'),
    savedMessage,
    deactivatedMessage: (type) => `${type.name} is retired: guests no longer see it.`,
    deleteFailed: (error) => error.message,
    deactivateFailed: (error, type) => {
      addNotification({ type: 'error', title: 'Villa type not changed', message: `${type.name}: ${error.message}` });
      return undefined;
    },
  });
  return (
    <CataloguePage
      tab={tab}
      texts={{
        noun: 'Villa Type',
        title: 'Villa Types',
        caption: 'Villa types guests choose from, with their units',
        loading: 'Loading villa types...',
        empty: 'No villa types yet.',
        deleteQuestion: '',
      }}
      form={villaTypeForm}
      columns={columns}
      canDelete={false}
      summary={
        <p className="muted">
          Each type is one card on the guest site, sold at one price. Its units, the villas themselves, are on the{' '}
          <Link to={adminPaths.cottages.getHref()}>Cottages</Link> tab.
        </p>
      }
    />
  );
}
