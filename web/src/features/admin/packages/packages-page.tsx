import { includedSafarisText, type AdminPackage, type PackageStats } from '@shared/admin-catalogue-packages';
import { includedSafaris } from '@shared/quote';
import { formatInr } from '@shared/money';
import { useCatalogueStats } from '../components/catalogue-api';
import { titleCase } from '../components/catalogue-form';
import { CataloguePage } from '../components/catalogue-page';
import { useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { packageForm } from './package-form';
import { inactivePackage, packagesApi, packageStats } from './packages-api';

const SAVE_FAILED = 'Failed to save package. Please try again.';
const DELETE_FAILED = 'Failed to delete package. Please try again.';

/** '2 safaris included', or 'No safari included' at the start of the line. */
const safariLine = (stayPackage: AdminPackage): string => {
  const count = includedSafaris(stayPackage);
  return count > 0 ? includedSafarisText(count) : 'No safari included';
};

/** The table's columns, each package with its upcoming bookings (`takeUp`, from the stats). */
const packageColumns = (takeUp: Map<string, PackageStats['packages'][number]>): Array<Column<AdminPackage>> => [
  {
    id: 'package',
    header: 'Package',
    sortValue: (stayPackage) => stayPackage.name,
    cell: (stayPackage) => (
      <div className="catalogue-name">
        <strong>{stayPackage.name}</strong>
        <span className="catalogue-name__description">{stayPackage.description}</span>
        <span className="muted">
          {safariLine(stayPackage)} · {takeUp.get(stayPackage.id)?.upcoming_bookings ?? 0} upcoming bookings
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
];

/** The Package Management tab: every package, active or not, with take-up, add, edit and delete. */
export default function PackagesPage() {
  const tab = useCatalogueTab<AdminPackage, Record<string, unknown>>({
    noun: 'Package',
    api: packagesApi,
    inactive: inactivePackage,
    savedMessage: (stayPackage) => `${stayPackage.name} is saved.`,
    deactivatedMessage: (stayPackage) => `${stayPackage.name} keeps its bookings and takes no new ones.`,
    saveFailedBanner: SAVE_FAILED,
    deleteFailed: () => DELETE_FAILED,
    deactivateFailed: () => SAVE_FAILED,
  });
  const stats = useCatalogueStats(packagesApi, packageStats);

  return (
    <CataloguePage
      tab={tab}
      texts={{
        noun: 'Package',
        title: 'Package Management',
        caption: 'Packages',
        loading: 'Loading packages...',
        empty: 'No packages yet.',
        deleteQuestion: 'Are you sure you want to delete this package?',
      }}
      form={packageForm}
      columns={packageColumns(new Map((stats.data?.packages ?? []).map((entry) => [entry.id, entry])))}
      summary={
        stats.data ? (
          <div className="stat-cards catalogue-stats">
            <StatCard label="Packages" value={stats.data.total} />
            <StatCard label="Active" value={stats.data.active} tone="success" />
            <StatCard label="With safari" value={stats.data.with_safari} tone="info" />
            <StatCard label="Booked (30 days)" value={stats.data.bookings_last_30_days} hint="Bookings made with a package" />
          </div>
        ) : null
      }
    />
  );
}
