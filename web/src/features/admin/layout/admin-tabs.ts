import { inRoleGroup, type RoleGroup, type UserRole } from '@shared/users';
import { adminPaths } from '@/config/admin-paths';

/** The portal's ten tabs (docs/product.md#portal-shell), each with the role group that may open it (the server checks the same groups). */
export const adminTabs: ReadonlyArray<{ id: string; label: string; href: string; group: RoleGroup }> = [
  { id: 'overview', label: 'Overview', href: adminPaths.dashboard.getHref(), group: 'staff' },
  { id: 'bookings', label: 'Bookings', href: adminPaths.bookings.getHref(), group: 'staff' },
  { id: 'calendar', label: 'Calendar', href: adminPaths.calendar.getHref(), group: 'staff' },
  { id: 'villa-types', label: 'Villa Types', href: adminPaths.villaTypes.getHref(), group: 'manager' },
  { id: 'cottages', label: 'Cottages', href: adminPaths.cottages.getHref(), group: 'manager' },
  { id: 'channels', label: 'Channels', href: adminPaths.channels.getHref(), group: 'manager' },
  { id: 'packages', label: 'Packages', href: adminPaths.packages.getHref(), group: 'manager' },
  { id: 'safaris', label: 'Safaris', href: adminPaths.safaris.getHref(), group: 'manager' },
  { id: 'pricing', label: 'Pricing', href: adminPaths.pricing.getHref(), group: 'manager' },
  { id: 'reports', label: 'Reports', href: adminPaths.reports.getHref(), group: 'manager' },
  { id: 'users', label: 'Users', href: adminPaths.users.getHref(), group: 'admin' },
];

export const tabsFor = (role: string | undefined) => adminTabs.filter((tab) => inRoleGroup((role ?? 'customer') as UserRole, tab.group));

export const roleLabels: Record<string, string> = { admin: 'Administrator', manager: 'Manager', staff: 'Staff' };
