// The shared `react-router` and `react-router-dom` (one router per page): the browser-side API the portal
// uses, from react-router's production build. A shared module is never tree-shaken, and the full package
// also carries its server runtime (request handlers, cookies, sessions, RSC); listing the exports here lets
// webpack drop the rest. An app importing something not listed fails its build (exportsPresence: error):
// add the name here.
export {
  // routers
  BrowserRouter,
  HashRouter,
  MemoryRouter,
  Router,
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  // route elements
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  Form,
  Await,
  ScrollRestoration,
  // hooks
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useMatches,
  useOutlet,
  useOutletContext,
  useHref,
  useResolvedPath,
  useInRouterContext,
  useNavigationType,
  useNavigation,
  useRouteError,
  useLoaderData,
  useActionData,
  useRevalidator,
  useBlocker,
  useBeforeUnload,
  useLinkClickHandler,
  useRoutes,
  // helpers
  createSearchParams,
  createPath,
  parsePath,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  isRouteErrorResponse,
  redirect,
  data,
  // types' runtime twin
  NavigationType,
} from '@portal-build/react-router/index.mjs';
// With react-dom's flushSync wired in, as react-router-dom exports it.
export { RouterProvider } from '@portal-build/react-router/dom-export.mjs';
