import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { setNavigator } from '../lib/navigation';
import { AppFrame } from './app-frame';
import { PageFallback } from './page-fallback';
import { guardedPage } from './route-guard';
import { LOGIN_PATH, ROUTES, type RouteEntry } from './route-table';

function pageRoute(entry: RouteEntry): RouteObject {
  const { page, layout: _layout, public: _public, buttons: _buttons, ...handle } = entry;
  return {
    path: entry.path,
    handle,
    lazy: async () => ({ Component: guardedPage(await page(), entry) }),
  };
}

/** The route objects built from the route table; exported for tests with a memory router. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <AppFrame />,
      hydrateFallbackElement: <PageFallback />,
      children: [
        { path: '/', element: <Navigate to={LOGIN_PATH} replace /> },
        ...ROUTES.filter((entry) => !entry.layout).map(pageRoute),
        {
          // The layout is a chunk of its own too: the login page never needs the menu.
          lazy: async () => ({ Component: (await import('./layout/shell-layout')).ShellLayout }),
          children: ROUTES.filter((entry) => entry.layout).map(pageRoute),
        },
      ],
    },
  ];
}

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** Creates the router and lets code outside React (the API client) navigate through it. */
export function createAppRouter(factory: RouterFactory = (routes) => createBrowserRouter(routes)) {
  const router = factory(buildRoutes());
  setNavigator((to) => void router.navigate(to, { replace: true }));
  return router;
}
