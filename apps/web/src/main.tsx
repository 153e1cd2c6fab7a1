import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppConfig, Me } from '@waymark/domain';
import { CONFIG_KEY } from './api/config';
import { ME_KEY } from './api/auth';
import { queryClient } from './api/queryClient';
import { App } from './app/App';
import { startErrorReporting } from './app/errorReporting';
import { preloadOnNavigation } from './app/preload';
import { setNavigator } from './app/navigation';
import { createAppRouter } from './app/routing/router';
import { currentSessionView } from './app/session/currentView';
import { startUp } from './app/startup';
import { wireClient } from './app/wireClient';

async function main() {
  wireClient();
  const result = await startUp();
  if (result.kind === 'leave') {
    window.location.replace(result.url);
    return;
  }
  const config = queryClient.getQueryData<AppConfig>(CONFIG_KEY);
  if (config) startErrorReporting(config, queryClient.getQueryData<Me>(ME_KEY));
  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  preloadOnNavigation(router, queryClient, currentSessionView);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void main();
