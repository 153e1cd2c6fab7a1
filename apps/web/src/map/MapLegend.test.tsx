import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, expect, it } from 'vitest';
import { MapLegend } from './MapLegend';

afterEach(cleanup);

it('gives the trail’s speed bands in mph, as every other speed on screen', () => {
  render(
    <MantineProvider>
      <MapLegend sections={['trail']} satellite={false} />
    </MantineProvider>,
  );
  expect(screen.getByText('Stopped (1.1 mph or less)')).toBeTruthy();
  expect(screen.getByText('Slow (up to 8.9 mph)')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Map legend' }).textContent).not.toContain('m/s');
});
