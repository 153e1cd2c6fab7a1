import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryRetentionPanel } from './HistoryRetentionPanel';

afterEach(cleanup);

const inMantine = (node: React.ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

describe('the history retention panel', () => {
  it('says raw positions are kept forever when the account has no policy', () => {
    inMantine(
      <HistoryRetentionPanel policy={{ raw_days: null, thin_minutes: null, keep_days: null }} />,
    );
    expect(screen.getByText('Raw positions kept: forever')).toBeTruthy();
    expect(
      screen.getByText('Trips, stops and daily summaries are kept as long as the account.'),
    ).toBeTruthy();
  });

  it('says how long they are kept whole, then how thinly, then when they go', () => {
    inMantine(
      <HistoryRetentionPanel policy={{ raw_days: 90, thin_minutes: 5, keep_days: null }} />,
    );
    expect(screen.getByText('Raw positions kept: 90 days, then one per 5 minutes')).toBeTruthy();
    cleanup();
    inMantine(<HistoryRetentionPanel policy={{ raw_days: 90, thin_minutes: 5, keep_days: 730 }} />);
    expect(
      screen.getByText(
        'Raw positions kept: 90 days, then one per 5 minutes; removed after 730 days',
      ),
    ).toBeTruthy();
  });
});
