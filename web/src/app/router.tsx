import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router-dom';
import { BookingPage } from '../features/booking/components/booking-page';
import { paths } from './paths';
import { RequireAdmin } from './require-admin';

// The admin portal is its own chunk: guests never download it.
const AdminLoginPage = lazy(() => import('../features/admin/components/admin-login-page'));
const AdminDashboardPage = lazy(() => import('../features/admin/components/admin-dashboard-page'));

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
      { path: paths.home, element: <BookingPage /> },
      { path: paths.adminLogin, element: <AdminLoginPage /> },
      {
        path: paths.adminDashboard,
        element: (
          <RequireAdmin>
            <AdminDashboardPage />
          </RequireAdmin>
        ),
      },
      {
        path: paths.adminCottages,
        element: (
          <RequireAdmin>
            <AdminDashboardPage />
          </RequireAdmin>
        ),
      },
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
  },
]);
