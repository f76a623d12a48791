import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { isPortalPath, paths } from '@/config/paths';
import { useFirstPass } from '@/lib/first-pass';
import { BookingPage } from '@/features/booking/components/booking-page';

// The admin portal is its own set of chunks, its routes too, all behind lazy imports: guests never download it.
const AdminRoutes = lazy(() => import('./admin-routes'));
// Managing a booking and the guest account (its own routes module): lazy too, so the wizard's first load stays small.
const AccountRoutes = lazy(() => import('./account-routes'));
const FindBookingPage = lazy(() => import('@/features/manage/components/find-booking-page'));
const ManageBookingPage = lazy(() => import('@/features/manage/components/manage-booking-page'));

// The guest's live notifications (the socket and the toasts): their own chunk; the socket opens once the page is up.
const GuestNotifications = lazy(() => import('@/features/notifications/components/guest-notifications'));

/** Every guest page hears the guest's notifications; the admin portal is not a guest page. */
function GuestRealtime() {
  const { pathname } = useLocation();
  // Not in the pre-rendered first screen: the socket opens once the page is up anyway.
  const firstPass = useFirstPass();
  if (firstPass) return null;
  if (isPortalPath(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <GuestNotifications />
    </Suspense>
  );
}

function PageFallback() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      Loading...
    </div>
  );
}

/**
 * The SPA's routes, declared with `<Routes>` under main.tsx's `<BrowserRouter>`: no route uses
 * loaders, actions or blockers, and the data router (createBrowserRouter) would add to guests'
 * first-load JavaScript (see docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies).
 */
export function AppRoutes() {
  return (
    <>
      <Suspense fallback={<PageFallback />}>
        <Routes>
          <Route path={paths.home.path} element={<BookingPage />} />
          <Route path={paths.findBooking.path} element={<FindBookingPage />} />
          <Route path={paths.manageBooking.path} element={<ManageBookingPage />} />
          <Route path={`${paths.account.path}/*`} element={<AccountRoutes />} />
          <Route path={`${paths.admin.path}/*`} element={<AdminRoutes />} />
          <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
        </Routes>
      </Suspense>
      <GuestRealtime />
    </>
  );
}
