import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { DateTimeInput } from './DateTimeInput';
import { toWall } from './dateRange';

afterEach(cleanup);

const ZONE = 'America/Chicago';

/** The input as a screen holds it: its value in state, every change recorded. */
function Harness({ changes, initial }: { changes: (Date | null)[]; initial: Date | null }) {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <DateTimeInput
      label="Start date"
      value={value}
      zone={ZONE}
      onChange={(date) => {
        changes.push(date);
        setValue(date);
      }}
    />
  );
}

function open(initial: Date | null = null) {
  const changes: (Date | null)[] = [];
  render(
    <MantineProvider>
      <Harness changes={changes} initial={initial} />
    </MantineProvider>,
  );
  return changes;
}

const last = (changes: (Date | null)[]) => toWall(changes.at(-1)!, ZONE);

// Mantine's calendar is slow to render in jsdom on a busy machine.
describe('DateTimeInput', { timeout: 30_000 }, () => {
  it('reads "19" typed after picking a day as 19 hours, wherever the caret was left', async () => {
    const user = userEvent.setup();
    const changes = open(new Date('2026-12-03T16:00:00Z'));
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    await user.click(
      // jsdom runs no transitions: the dropdown counts as hidden while it opens.
      await screen.findByRole('button', { name: '8 December 2026', hidden: true }),
    );
    expect(last(changes)).toBe('2026-12-08 10:00:00');

    // A click in the box can leave the caret between the zeros; the digits still read 19.
    const hours = screen.getByLabelText('Hours');
    hours.focus();
    (hours as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('19');
    expect(last(changes)).toBe('2026-12-08 19:00:00');
    expect(screen.getByLabelText('Minutes')).toHaveProperty('value', '00');

    await user.keyboard('45');
    expect(last(changes)).toBe('2026-12-08 19:45:00');
    // Read on the zone's clocks: 19:45 in Chicago is 01:45 UTC the next day.
    expect(changes.at(-1)!.toISOString()).toBe('2026-12-09T01:45:00.000Z');
  });

  it('starts over with the first digit typed after coming back to a box', async () => {
    const user = userEvent.setup();
    const changes = open(new Date('2026-12-03T16:00:00Z'));
    await user.click(screen.getByRole('button', { name: 'Start date' }));
    const hours = await screen.findByLabelText('Hours');
    await user.click(hours);
    (hours as HTMLInputElement).setSelectionRange(2, 2);
    await user.keyboard('07');
    expect(last(changes)).toBe('2026-12-03 07:00:00');
    await user.click(hours);
    (hours as HTMLInputElement).setSelectionRange(0, 0);
    await user.keyboard('23');
    expect(last(changes)).toBe('2026-12-03 23:00:00');
  });
});
