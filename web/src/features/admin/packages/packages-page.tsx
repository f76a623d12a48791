import { useQuery } from '@tanstack/react-query';
import type { AdminPackage } from '@shared/admin-catalogue-packages';
import { formatInr } from '@shared/money';
import { titleCase } from '../components/catalogue-form';
import { CatalogueDeleteDialog, catalogueActionsColumn, CatalogueTable, useCatalogueTab } from '../components/catalogue-tab';
import { type Column } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '../components/status-badge';
import { emptyPackageForm, formOfPackage, PackageForm } from './package-form';
import { deletePackage, getPackageStats, guestPackagesKey, listAdminPackages, packageKeys, savePackage } from './packages-api';
import '../components/catalogue.css';

const SAVE_FAILED = 'Failed to save package. Please try again.';
const DELETE_FAILED = 'Failed to delete package. Please try again.';

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
  const tab = useCatalogueTab<AdminPackage, Record<string, unknown>>({
    noun: 'Package',
    keys: { all: packageKeys.all, guest: guestPackagesKey },
    list: listAdminPackages,
    save: (stayPackage, body) => savePackage(stayPackage?.id, body),
    remove: (stayPackage) => deletePackage(stayPackage.id),
    deactivate: (stayPackage) => savePackage(stayPackage.id, inactive(stayPackage)),
    savedMessage: (stayPackage) => `${stayPackage.name} is saved.`,
    deactivatedMessage: (stayPackage) => `${stayPackage.name} keeps its bookings and takes no new ones.`,
    saveFailedBanner: SAVE_FAILED,
    deleteFailed: () => DELETE_FAILED,
    deactivateFailed: () => SAVE_FAILED,
  });
  const stats = useQuery({ queryKey: packageKeys.stats, queryFn: ({ signal }) => getPackageStats({ signal }) });

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
    catalogueActionsColumn(tab),
  ];

  return (
    <section aria-labelledby="tab-title" className="admin__tab">
      <div className="admin-toolbar">
        <h2 id="tab-title">Package Management</h2>
        <button type="button" className="button button--primary" onClick={() => tab.openForm({ mode: 'add' })}>
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

      {tab.form.mode !== 'closed' && (
        <PackageForm
          key={tab.formKey}
          editing={tab.editing !== undefined}
          initial={tab.editing ? formOfPackage(tab.editing) : emptyPackageForm}
          existingMaxSafaris={tab.editing?.max_safaris}
          busy={tab.save.isPending}
          serverErrors={tab.failure?.details}
          banner={tab.failure?.banner}
          onSubmit={(body) => tab.save.mutate(body)}
          onCancel={tab.closeForm}
        />
      )}

      <CatalogueTable list={tab.list} caption="Packages" columns={columns} rows={tab.list.data ?? []} loading="Loading packages..." empty="No packages yet." />

      <CatalogueDeleteDialog tab={tab} noun="package" message="Are you sure you want to delete this package?" />
    </section>
  );
}
