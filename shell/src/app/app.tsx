import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { ToastHost, setNavigator } from '@portal/shared-ui';
import { RemotePage } from '../federation/remote-page';
import { buildRoutes } from './routing/routes';
// The theme and icons are loaded by the shell only; remotes bring only their CSS Modules (DESIGN §3). At start,
// the theme's part the sign-in and registration pages draw; the whole theme comes with the signed-in layout.
import '@portal-build/primereact-theme.css?first-pages';
import 'primeicons/primeicons.css';
import './app.css';

const router = createBrowserRouter(
  buildRoutes((remote, path) => <RemotePage key={path} remote={remote} path={path} />),
);

// The HTTP client (in shared-ui, used by every remote) sends the user to login on a 401 through the router.
setNavigator((path) => void router.navigate(path, { replace: true }));

export function App() {
  return (
    <>
      <RouterProvider router={router} />
      <ToastHost />
    </>
  );
}

export default App;
