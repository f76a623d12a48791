/**
 * Every route of the SPA in one place (docs/product.md#guest-routes, docs/product.md#portal-shell):
 * `path` for the router, `getHref` for links. Features import this, never app/.
 */
export const paths = {
  /** The guest wizard; its step lives in the query (`/?step=2`) so the browser's Back button walks the steps. */
  home: { path: '/', getHref: (step?: number) => (step && step > 1 ? `/?step=${step}` : '/') },
  /** Find a booking by its reference and the e-mail it was made with (`?reference=` prefills the form). */
  findBooking: {
    path: '/booking',
    getHref: (reference?: string) => (reference ? `/booking?${new URLSearchParams({ reference })}` : '/booking'),
  },
  /** One booking, opened from the confirmation's link (`?token=`) or after the lookup above. */
  manageBooking: {
    path: '/booking/:reference',
    getHref: (reference: string, token?: string) => `/booking/${encodeURIComponent(reference)}${token ? `?${new URLSearchParams({ token })}` : ''}`,
  },
  /** A signed-in guest's bookings (My Bookings). */
  account: { path: '/account', getHref: () => '/account' },
  accountSignIn: { path: '/account/sign-in', getHref: () => '/account/sign-in' },
  accountRegister: { path: '/account/register', getHref: () => '/account/register' },
  /** The link e-mailed at sign-up (`?token=`): activates the account and signs in. */
  accountActivate: { path: '/account/activate', getHref: (token: string) => `/account/activate?${new URLSearchParams({ token })}` },
  accountProfile: { path: '/account/profile', getHref: () => '/account/profile' },
  /** The staff portal; its pages are in admin-paths.ts, off the guests' first load. */
  admin: { path: '/admin', getHref: () => '/admin' },
} as const;

/** Whether `pathname` is the staff portal's (`/admin` and below), not a guest page. */
export const isPortalPath = (pathname: string): boolean => pathname === paths.admin.path || pathname.startsWith(`${paths.admin.path}/`);
