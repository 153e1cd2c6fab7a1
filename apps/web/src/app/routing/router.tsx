import { createBrowserRouter, Navigate } from 'react-router';
import { FullPageLoader } from '../../components/FullPageLoader';
import { buildRoutes } from './buildRoutes';
import { GuestOnly } from './GuestOnly';
import { LEGACY_REDIRECTS } from './legacyRedirects';
import { HomeRedirect, LegacyRedirect } from './Redirects';
import { RequireAccount } from './RequireAccount';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';
import { PRIVATE_ROUTES, PUBLIC_ROUTES } from './routeTable';

export function createAppRouter() {
  return createBrowserRouter([
    {
      hydrateFallbackElement: <FullPageLoader />,
      errorElement: <RouteError />,
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          path: 'login',
          element: <GuestOnly />,
          children: [
            {
              index: true,
              lazy: async () => ({
                Component: (await import('../../features/auth/LoginPage')).LoginPage,
              }),
            },
          ],
        },
        ...buildRoutes(PUBLIC_ROUTES),
        {
          element: <RequireAuth />,
          children: [
            {
              lazy: async () => ({ Component: (await import('../shell/AppLayout')).AppLayout }),
              children: [
                {
                  element: <RequireAccount />,
                  children: buildRoutes(PRIVATE_ROUTES.filter((r) => !r.withoutAccount)),
                },
                ...buildRoutes(PRIVATE_ROUTES.filter((r) => r.withoutAccount)),
              ],
            },
          ],
        },
        ...LEGACY_REDIRECTS.map(([from, to]) => ({
          path: from,
          element: <LegacyRedirect to={to} />,
        })),
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
