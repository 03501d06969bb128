/**
 * The router, as every app imports it: the part of React Router the apps use (declarative
 * routes, links, hooks, the browser's and the server's routers), and nothing else.
 *
 * This entry point is what Module Federation shares (one instance for the page, as for every
 * entry point of this package); react-router itself is not shared. A shared package is shipped
 * whole, since any app may use any of its exports, and react-router's one module holds its data
 * routers, fetchers, server runtime and RSC support as well: some 190 KB minified on every page.
 * Shared through these re-exports, it is tree-shaken to what is named here. An app that needs
 * more of React Router adds it here.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavigationType,
  NavLink,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  matchPath,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
} from 'react-router';
export type { Location, NavigateFunction, NavigateOptions, To } from 'react-router';
