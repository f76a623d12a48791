import { inRoleGroup, type RoleGroup, type UserRole } from '@shared/users';
import { paths } from '@/config/paths';

/** The portal's ten tabs (docs/product.md#portal-shell), each with the role group that may open it (the server checks the same groups). */
export const adminTabs: ReadonlyArray<{ id: string; label: string; href: string; group: RoleGroup }> = [
  { id: 'overview', label: 'Overview', href: paths.adminDashboard.getHref(), group: 'staff' },
  { id: 'bookings', label: 'Bookings', href: paths.adminBookings.getHref(), group: 'staff' },
  { id: 'calendar', label: 'Calendar', href: paths.adminCalendar.getHref(), group: 'staff' },
  { id: 'villa-types', label: 'Villa Types', href: paths.adminVillaTypes.getHref(), group: 'manager' },
  { id: 'cottages', label: 'Cottages', href: paths.adminCottages.getHref(), group: 'manager' },
  { id: 'channels', label: 'Channels', href: paths.adminChannels.getHref(), group: 'manager' },
  { id: 'packages', label: 'Packages', href: paths.adminPackages.getHref(), group: 'manager' },
  { id: 'safaris', label: 'Safaris', href: paths.adminSafaris.getHref(), group: 'manager' },
  { id: 'pricing', label: 'Pricing', href: paths.adminPricing.getHref(), group: 'manager' },
  { id: 'reports', label: 'Reports', href: paths.adminReports.getHref(), group: 'manager' },
  { id: 'users', label: 'Users', href: paths.adminUsers.getHref(), group: 'admin' },
];

export const tabsFor = (role: string | undefined) => adminTabs.filter((tab) => inRoleGroup((role ?? 'customer') as UserRole, tab.group));

export const roleLabels: Record<string, string> = { admin: 'Administrator', manager: 'Manager', staff: 'Staff' };
