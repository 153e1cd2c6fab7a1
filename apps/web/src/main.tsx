import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setNavigator } from './app/navigation';
import { createAppRouter } from './app/routing/router';
import { startUp } from './app/startup';
import { wireClient } from './app/wireClient';

async function main() {
  wireClient();
  const result = await startUp();
  if (result.kind === 'leave') {
    window.location.replace(result.url);
    return;
  }
  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}

void main();
