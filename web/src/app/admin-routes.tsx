import { lazy, useLayoutEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { adminPaths } from '@/config/admin-paths';
import { paths } from '@/config/paths';
import { currentLocale, savedLocale, setLocale } from '@/i18n/i18n';
import { SOURCE_LOCALE, type Locale } from '@/i18n/locales';
import AdminLayout from '@/features/admin/layout/admin-layout';
import { RequireAdmin } from './require-admin';

// Each tab is a chunk of its own.
const AdminLoginPage = lazy(() => import('@/features/admin/components/admin-login-page'));
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

/** A portal path as a route under `/admin/*`, where this module's routes are matched. */
const tab = (path: string): string => path.slice(paths.admin.path.length + 1);

const switchTo = (locale: Locale) => {
  if (locale !== currentLocale()) setLocale(locale, { keep: false }).catch((error: unknown) => console.warn('Could not change the language', error));
};

/**
 * The portal is in English (docs/product.md#languages): a language a guest chose on this browser
 * does not follow staff into it, and comes back when they leave it for a guest page.
 */
function usePortalInEnglish(): void {
  useLayoutEffect(() => {
    switchTo(SOURCE_LOCALE);
    return () => switchTo(savedLocale());
  }, []);
}

/**
 * The admin portal's routes (docs/architecture.md#11-the-guest-site-routes-chunks-live-updates-offline-display-currencies):
 * a lazy chunk under the app's `/admin/*`, so neither the portal's route table nor its guard and
 * session are in guests' first load.
 */
export default function AdminRoutes() {
  usePortalInEnglish();
  return (
    <Routes>
      <Route path={tab(adminPaths.login.path)} element={<AdminLoginPage />} />
      <Route
        // One protected layout for every admin tab.
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<Navigate to={adminPaths.dashboard.getHref()} replace />} />
        <Route path={tab(adminPaths.dashboard.path)} element={<OverviewPage />} />
        <Route path={tab(adminPaths.bookings.path)} element={<AdminBookingsPage />} />
        <Route path={tab(adminPaths.calendar.path)} element={<AdminCalendarPage />} />
        <Route path={tab(adminPaths.villaTypes.path)} element={<AdminVillaTypesPage />} />
        <Route path={tab(adminPaths.cottages.path)} element={<AdminCottagesPage />} />
        <Route path={tab(adminPaths.channels.path)} element={<AdminChannelsPage />} />
        <Route path={tab(adminPaths.packages.path)} element={<AdminPackagesPage />} />
        <Route path={tab(adminPaths.safaris.path)} element={<AdminSafarisPage />} />
        <Route path={tab(adminPaths.pricing.path)} element={<AdminPricingPage />} />
        <Route path={tab(adminPaths.reports.path)} element={<AdminReportsPage />} />
        <Route path={tab(adminPaths.users.path)} element={<AdminUsersPage />} />
        <Route path={tab(adminPaths.audit.path)} element={<AdminAuditPage />} />
        {/* An unknown tab of the portal stays in the portal, and says so. */}
        <Route path="*" element={<UnknownTabPage />} />
      </Route>
    </Routes>
  );
}
