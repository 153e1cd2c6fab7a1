import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmAction } from './confirmation';
import { ModalHost } from './ModalHost';
import { modals } from './modalQueue';

afterEach(() => {
  act(() => modals.close());
  cleanup();
});

const host = () =>
  render(
    <MantineProvider>
      <Notifications />
      <ModalHost />
    </MantineProvider>,
  );

describe('modals opened by name (spec 002 §2.8)', () => {
  it('download confirmation: the opening title and text, closed with OK', async () => {
    host();
    act(() =>
      modals.open('download-confirmation', {
        title: 'Download PDF',
        text: 'The PDF is being generated and a download link will be emailed.',
      }),
    );
    expect(
      await screen.findByText('The PDF is being generated and a download link will be emailed.'),
    ).toBeTruthy();
    expect(screen.getByText('Download PDF')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(modals.entries()).toHaveLength(0));
  });

  it("confirmation: runs the action, says 'Success!' and closes", async () => {
    host();
    let ran = 0;
    act(() =>
      confirmAction({
        title: 'Remove it?',
        text: 'This cannot be undone.',
        onConfirm: async () => {
          ran += 1;
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(ran).toBe(1);
    await waitFor(() => expect(modals.entries()).toHaveLength(0));
  });

  it("confirmation: a failure says 'An error occurred' and stays open", async () => {
    host();
    act(() =>
      confirmAction({
        title: 'Remove it?',
        text: 'This cannot be undone.',
        onConfirm: () => Promise.reject(new Error('no')),
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('An error occurred')).toBeTruthy();
    expect(modals.entries().map((e) => e.name)).toEqual(['confirmation']);
  });
});
