/** Every route path of the SPA, in one place (spec: guest section 2, admin section 2). */
export const paths = {
  home: '/',
  adminLogin: '/admin/login',
  adminDashboard: '/admin/dashboard',
  adminCottages: '/admin/cottages',
} as const;
