import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, matchPath, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { guardedPage } from '../app/route-guard';
import { ROUTES } from '../app/route-table';
import { setNavigator } from '../lib/navigation';

/**
 * One page of the route table at `path`, with its providers, its route-table entry
 * (title, menu, opening buttons, so the guard still decides) and nothing else: no
 * layout, no other page's chunk. Loaded before rendering, so the test waits for data,
 * not for a lazy import (issue 14: the console's tests rendered the whole router each
 * time). A link to any other path leads to an empty page; `router.state.location`
 * says where. The whole router keeps its own tests (app/router.test.tsx).
 */
export async function renderPage(path: string, { strict = false }: { strict?: boolean } = {}) {
  const pathname = new URL(path, 'http://console').pathname;
  const entry = ROUTES.find((candidate) => matchPath(candidate.path, pathname));
  if (!entry) throw new Error(`no page at ${pathname} in the route table`);
  const { page, layout: _layout, public: _public, buttons: _buttons, ...handle } = entry;
  const Page = guardedPage(await page(), entry);
  const router = createMemoryRouter(
    [
      { path: entry.path, handle, Component: Page },
      { path: '*', element: <main aria-label="其他页面" /> },
    ],
    { initialEntries: [path] },
  );
  setNavigator((to) => void router.navigate(to, { replace: true }));
  const app = (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, ...view };
}
