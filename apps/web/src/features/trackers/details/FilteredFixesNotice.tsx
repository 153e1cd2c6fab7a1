import { Group, Switch, Text } from '@mantine/core';

/** 'N fixes filtered in this range', the one text for the count (issue 36). */
export const filteredText = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'fix' : 'fixes'} filtered in this range`;

/**
 * Says how many fixes of the range the server filtered (they cannot be true: a jump, a fix
 * from the future, 0,0, a coarse cell fix) and lets the user show them greyed on the map.
 * Nothing when none were.
 */
export function FilteredFixesNotice({
  count,
  shown,
  onShown,
}: {
  count: number;
  shown: boolean;
  onShown: (shown: boolean) => void;
}) {
  if (count === 0) return null;
  return (
    <Group gap="sm" justify="space-between">
      <Text size="sm" c="dimmed" role="status">
        {filteredText(count)}
      </Text>
      <Switch
        size="xs"
        label="Show filtered fixes"
        checked={shown}
        onChange={(event) => onShown(event.currentTarget.checked)}
      />
    </Group>
  );
}
