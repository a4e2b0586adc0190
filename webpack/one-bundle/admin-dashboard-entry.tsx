// The admin dashboard with the shell's chrome (router, guard, layout, toasts, theme) built as ONE bundle,
// without Module Federation: the baseline of the federation tax (bench/bundle-budget.ts). Only the
// admin dashboard is drawn; every other remote route shows a placeholder, so nothing else is bundled.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ToastHost, setNavigator } from '@portal/shared-ui';
import { buildRoutes } from '../../shell/src/app/routing/routes';
import AdminDashboardPage from '../../mfe-admin/src/pages/admin-dashboard/admin-dashboard-page';
import 'primereact/resources/themes/lara-light-blue/theme.css';
import 'primeicons/primeicons.css';
import '../../shell/src/app/app.css';

const router = createBrowserRouter(
  buildRoutes((remote, path) =>
    remote === 'mfe_admin' && path === 'admin-dashboard' ? (
      <AdminDashboardPage />
    ) : (
      <p>Not part of the one-bundle baseline.</p>
    ),
  ),
);
setNavigator((path) => void router.navigate(path, { replace: true }));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
    <ToastHost />
  </StrictMode>,
);
