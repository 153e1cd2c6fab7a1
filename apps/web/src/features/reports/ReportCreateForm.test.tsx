import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeviceListItem } from '@waymark/domain';
import { configureClient } from '../../api/client';
import { devicesKeys } from '../../api/devices';
import { ReportCreateForm } from './ReportCreateForm';

afterEach(cleanup);

const ACCOUNT = 4;

const tracker = (id: number, name: string, status: DeviceListItem['subscription_status']) =>
  ({ id, name, subscription_status: status }) as DeviceListItem;

/** The server: the POST waits until the test answers it, as a slow save would. */
function slowServer() {
  const posts: { body: unknown; answer: (status: number, body: unknown) => void }[] = [];
  const fetch = (async (_input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve) => {
      posts.push({
        body: JSON.parse(String(init?.body)) as unknown,
        answer: (status, body) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'content-type': 'application/json' },
            }),
          ),
      });
    })) as typeof globalThis.fetch;
  configureClient({
    bearer: () => 'token',
    fetch,
    hooks: {
      onUnauthorized: () => undefined,
      onForbidden: () => undefined,
      onNotFound: () => undefined,
      onServerError: () => undefined,
    },
  });
  return posts;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(devicesKeys.list(ACCOUNT), [
    tracker(1, 'Truck 07', 'active'),
    tracker(2, 'Van 02', 'pending-renewal'),
    tracker(3, 'Old Trailer', 'cancelled'),
  ]);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ReportCreateForm accountId={ACCOUNT} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Save report' });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

describe('the report creation form', () => {
  it('keeps Save disabled until a tracker is chosen and while the report is saved', async () => {
    const posts = slowServer();
    renderForm();
    expect(isDisabled(saveButton())).toBe(true);

    fireEvent.click(screen.getByRole('combobox', { name: 'Tracker' }));
    const options = await screen.findAllByRole('option');
    // Spec 002 §9: active and pending-renewal trackers only.
    expect(options.map((o) => o.textContent)).toEqual(['Truck 07', 'Van 02']);
    fireEvent.click(options[0]!);
    await waitFor(() => expect(isDisabled(saveButton())).toBe(false));

    fireEvent.click(saveButton());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({ device_id: 1 });
    await waitFor(() => expect(isDisabled(saveButton())).toBe(true));

    posts[0]!.answer(422, {
      message: 'The given data was invalid.',
      errors: { end_at: ['The date range must not reach into the future'] },
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The date range must not reach into the future',
    );
    await waitFor(() => expect(isDisabled(saveButton())).toBe(false));
  });
});
