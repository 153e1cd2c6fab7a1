import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { SIM_MESSAGES } from '@waymark/domain';
import { configureClient } from '../../../api/client';
import { SwapSimCard } from './SwapSimCard';

afterEach(cleanup);

/** The server, faked at the fetch boundary: records the bodies and answers as told. */
function server(answer: { status: number; body: unknown }) {
  const sent: unknown[] = [];
  const noop = () => undefined;
  configureClient({
    hooks: { onUnauthorized: noop, onForbidden: noop, onNotFound: noop, onServerError: noop },
    bearer: () => 'token',
    fetch: (_url, init) => {
      sent.push(JSON.parse(String(init?.body)));
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    },
  });
  return sent;
}

async function fillAndSwap(values: { serial: string; iccid: string; phone?: string }) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <SwapSimCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^Serial/), values.serial);
  await user.type(screen.getByLabelText(/^ICCID/), values.iccid);
  if (values.phone) await user.type(screen.getByLabelText(/^Phone/), values.phone);
  await user.click(screen.getByRole('button', { name: 'Swap SIM' }));
}

describe('SwapSimCard', () => {
  it("sends serial, ICCID and phone and shows the server's message in green", async () => {
    const sent = server({ status: 200, body: { data: { message: 'SIM swapped: 869 now' } } });
    await fillAndSwap({ serial: '869', iccid: '89012608822910014417', phone: '+13125550201' });
    const result = await screen.findByRole('status');
    expect(result.textContent).toBe('SIM swapped: 869 now');
    expect(sent).toEqual([{ serial: '869', iccid: '89012608822910014417', phone: '+13125550201' }]);
  });

  it("shows the server's error in red", async () => {
    server({
      status: 422,
      body: {
        message: SIM_MESSAGES.unknownSerial,
        errors: { serial: [SIM_MESSAGES.unknownSerial] },
      },
    });
    await fillAndSwap({ serial: 'nope', iccid: '89012608822910014417' });
    expect((await screen.findByRole('alert')).textContent).toBe(SIM_MESSAGES.unknownSerial);
  });

  it('checks the ICCID with the server’s schema before sending', async () => {
    const sent = server({ status: 200, body: { data: { message: 'never' } } });
    await fillAndSwap({ serial: '869', iccid: '1234' });
    // Under the field, as the server would name it.
    expect(await screen.findByText(SIM_MESSAGES.iccidFormat)).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
