import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths } from '@/config/paths';

// Each page is a chunk of its own.
const SignInPage = lazy(() => import('@/features/account/components/sign-in-page'));
const RegisterPage = lazy(() => import('@/features/account/components/register-page'));
const ActivatePage = lazy(() => import('@/features/account/components/activate-page'));
const MyBookingsPage = lazy(() => import('@/features/account/components/my-bookings-page'));
const ProfilePage = lazy(() => import('@/features/account/components/profile-page'));

/** A guest account path as a route under `/account/*`, where this module's routes are matched. */
const page = (path: string): string => path.slice(paths.account.path.length + 1);

/** The guest account's routes: a lazy chunk under the app's `/account/*`, out of the wizard's first load. */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route index element={<MyBookingsPage />} />
      <Route path={page(paths.accountSignIn.path)} element={<SignInPage />} />
      <Route path={page(paths.accountRegister.path)} element={<RegisterPage />} />
      <Route path={page(paths.accountActivate.path)} element={<ActivatePage />} />
      <Route path={page(paths.accountProfile.path)} element={<ProfilePage />} />
      <Route path="*" element={<Navigate to={paths.home.getHref()} replace />} />
    </Routes>
  );
}
