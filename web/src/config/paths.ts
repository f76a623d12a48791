/**
 * Every route of the SPA in one place (spec: guest section 2, admin section 2, DESIGN section 6):
 * `path` for the router, `getHref` for links. Features import this, never app/.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  adminLogin: { path: '/admin/login', getHref: () => '/admin/login' },
  admin: { path: '/admin', getHref: () => '/admin' },
  adminDashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
  adminCottages: { path: '/admin/cottages', getHref: () => '/admin/cottages' },
} as const;
