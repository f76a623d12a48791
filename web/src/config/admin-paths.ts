/**
 * The staff portal's routes (docs/product.md#portal-shell): `path` for the router, `getHref` for
 * links. Apart from paths.ts, so that guests' first load does not carry them.
 */
export const adminPaths = {
  login: { path: '/admin/login', getHref: () => '/admin/login' },
  /** The portal's tabs, one route each (a reload or a shared link keeps the tab); the dashboard is the Overview. */
  dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
  bookings: { path: '/admin/bookings', getHref: () => '/admin/bookings' },
  /** The inventory calendar (tape chart): every unit's nights. */
  calendar: { path: '/admin/calendar', getHref: () => '/admin/calendar' },
  villaTypes: { path: '/admin/villa-types', getHref: () => '/admin/villa-types' },
  cottages: { path: '/admin/cottages', getHref: () => '/admin/cottages' },
  /** Calendar sync with the booking channels. */
  channels: { path: '/admin/channels', getHref: () => '/admin/channels' },
  packages: { path: '/admin/packages', getHref: () => '/admin/packages' },
  safaris: { path: '/admin/safaris', getHref: () => '/admin/safaris' },
  pricing: { path: '/admin/pricing', getHref: () => '/admin/pricing' },
  reports: { path: '/admin/reports', getHref: () => '/admin/reports' },
  users: { path: '/admin/users', getHref: () => '/admin/users' },
  /** The audit log of every admin change (linked from the header, not a tab). */
  audit: { path: '/admin/audit', getHref: () => '/admin/audit' },
} as const;
