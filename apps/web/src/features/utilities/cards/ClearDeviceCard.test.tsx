import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ClearDeviceCard } from './ClearDeviceCard';

afterEach(cleanup);

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('Clear Device card', () => {
  it('warns that it is irreversible and enables only once the serial is typed again', () => {
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <ClearDeviceCard />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(screen.getByText(/irreversible: it removes all tracking data/)).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Clear Device' });
    expect(button.hasAttribute('disabled')).toBe(true);
    type(screen.getByLabelText(/^Serial/), '866000000000001');
    expect(button.hasAttribute('disabled')).toBe(true);
    const confirm = screen.getByLabelText(/Type the serial again/);
    type(confirm, '866000000000002');
    expect(button.hasAttribute('disabled')).toBe(true);
    type(confirm, '866000000000001');
    expect(button.hasAttribute('disabled')).toBe(false);
  });
});
