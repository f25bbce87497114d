import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../app/providers';
import { createAppRouter } from '../app/router';

/**
 * The whole console (real route table, guard and layout) at one path, in memory.
 * `strict` renders as main.tsx does, with StrictMode's doubled effects.
 */
export function renderApp(path: string, { strict = false }: { strict?: boolean } = {}) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  const app = (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { router, ...view };
}
