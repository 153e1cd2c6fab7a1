import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { TOAST_TIMEOUT_MS } from '@waymark/domain';
import { queryClient } from '../api/queryClient';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" autoClose={TOAST_TIMEOUT_MS} limit={5} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
