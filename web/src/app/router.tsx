import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useFirstPass } from '@/lib/first-pass';
import { BookingPage } from '@/features/booking/components/booking-page';
import { RequireAdmin } from './require-admin';

// The admin portal is its own set of chunks, all behind lazy imports: guests never download it.
const AdminLoginPage = lazy(() => import('@/features/admin/components/admin-login-page'));
const AdminLayout = lazy(() => import('@/features/admin/layout/admin-layout'));
const OverviewPage = lazy(() => import('@/features/admin/overview/overview-page'));
const AdminBookingsPage = lazy(() => import('@/features/admin/bookings/bookings-page'));
const AdminCalendarPage = lazy(() => import('@/features/admin/calendar/calendar-page'));
const AdminChannelsPage = lazy(() => import('@/features/admin/channels/channels-page'));
const AdminVillaTypesPage = lazy(() => import('@/features/admin/villa-types/villa-types-page'));
const AdminCottagesPage = lazy(() => import('@/features/admin/cottages/cottages-page'));
const AdminPackagesPage = lazy(() => import('@/features/admin/packages/packages-page'));
const AdminSafarisPage = lazy(() => import('@/features/admin/safaris/safaris-page'));
const AdminPricingPage = lazy(() => import('@/features/admin/pricing/pricing-page'));
const AdminReportsPage = lazy(() => import('@/features/admin/reports/reports-page'));
const AdminUsersPage = lazy(() => import('@/features/admin/users/users-page'));
const AdminAuditPage = lazy(() => import('@/features/admin/audit/audit-page'));
const UnknownTabPage = lazy(() => import('@/features/admin/layout/unknown-tab-page'));
// Managing a booking and the guest account: lazy too, so the wizard's first load stays small.
const FindBookingPage = lazy(() => import('@/features/manage/components/find-booking-page'));
const ManageBookingPage = lazy(() => import('@/features/manage/components/manage-booking-page'));
const SignInPage = lazy(() => import('@/features/account/components/sign-in-page'));
const RegisterPage = lazy(() => import('@/features/account/components/register-page'));
const ActivatePage = lazy(() => import('@/features/account/components/activate-page'));
const MyBookingsPage = lazy(() => import('@/features/account/components/my-bookings-page'));
const ProfilePage = lazy(() => import('@/features/account/components/profile-page'));

// The guest's live notifications (the socket and the toasts): their own chunk; the socket opens once the page is up.
const GuestNotifications = lazy(() => import('@/features/notifications/components/guest-notifications'));

/** Every guest page hears the guest's notifications; the admin portal is not a guest page. */
function GuestRealtime() {
  const { pathname } = useLocation();
  // Not in the pre-rendered first screen: the socket opens once the page is up anyway.
  const firstPass = useFirstPass();
  if (firstPass) return null;
  if (pathname === paths.admin.path || pathname.startsWith(`${paths.admin.path}/`)) return null;
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
          <Route path={paths.accountSignIn.path} element={<SignInPage />} />
          <Route path={paths.accountRegister.path} element={<RegisterPage />} />
          <Route path={paths.accountActivate.path} element={<ActivatePage />} />
          <Route path={paths.account.path} element={<MyBookingsPage />} />
          <Route path={paths.accountProfile.path} element={<ProfilePage />} />
          <Route path={paths.adminLogin.path} element={<AdminLoginPage />} />
          <Route
            // One protected layout for every admin tab.
            path={paths.admin.path}
            element={
              <RequireAdmin>
                <AdminLayout />
              </RequireAdmin>
            }
          >
            <Route index element={<Navigate to={paths.adminDashboard.getHref()} replace />} />
            <Route path={paths.adminDashboard.path} element={<OverviewPage />} />
            <Route path={paths.adminBookings.path} element={<AdminBookingsPage />} />
            <Route path={paths.adminCalendar.path} element={<AdminCalendarPage />} />
            <Route path={paths.adminVillaTypes.path} element={<AdminVillaTypesPage />} />
            <Route path={paths.adminCottages.path} element={<AdminCottagesPage />} />
            <Route path={paths.adminChannels.path} element={<AdminChannelsPage />} />
            <Route path={paths.adminPackages.path} element={<AdminPackagesPage />} />
            <Route path={paths.adminSafaris.path} element={<AdminSafarisPage />} />
            <Route path={paths.adminPricing.path} element={<AdminPricingPage />} />
            <Route path={paths.adminReports.path} element={<AdminReportsPage />} />
            <Route path={paths.adminUsers.path} element={<AdminUsersPage />} />
            <Route path={paths.adminAudit.path} element={<AdminAuditPage />} />
            {/* An unknown tab of the portal stays in the portal, and says so. */}
            <Route path="*" element={<UnknownTabPage />} />
          </Route>
          <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
        </Routes>
      </Suspense>
      <GuestRealtime />
    </>
  );
}
