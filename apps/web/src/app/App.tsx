import { RouterProvider } from 'react-router';
import { AppProviders } from './AppProviders';
import { ModalHost } from './modals/ModalHost';
import type { AppRouter } from './routing/router';
import { OfflineOverlay } from './shell/OfflineOverlay';
import { BrandSync } from './useBrand';

export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <BrandSync />
      <RouterProvider router={router} />
      <ModalHost />
      <OfflineOverlay />
    </AppProviders>
  );
}
