import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { paths } from '@/config/paths';
import { BookingPage } from '@/features/booking/components/booking-page';
import { RequireAdmin } from './require-admin';

// The admin portal is its own set of chunks, all behind lazy imports: guests never download it.
const AdminLoginPage = lazy(() => import('@/features/admin/components/admin-login-page'));
const AdminLayout = lazy(() => import('@/features/admin/layout/admin-layout'));
const OverviewPage = lazy(() => import('@/features/admin/overview/overview-page'));

function PageFallback() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      Loading...
    </div>
  );
}

export const router = createBrowserRouter([
  {
    element: (
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { path: paths.home.path, element: <BookingPage /> },
      { path: paths.adminLogin.path, element: <AdminLoginPage /> },
      {
        // One protected layout for every admin tab.
        path: paths.admin.path,
        element: (
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        ),
        children: [
          { index: true, element: <Navigate to={paths.adminDashboard.getHref()} replace /> },
          { path: paths.adminDashboard.path, element: <OverviewPage /> },
          { path: paths.adminCottages.path, element: <OverviewPage /> },
        ],
      },
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
]);
