import { ActionIcon, Group, Text } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
} from '@tabler/icons-react';
import { GROUP_WIZARD_PAGE_SIZE, pagerLabel, pagerLastPage } from '@waymark/domain';

/** The wizard pager (spec 002 §2.9): 'a to b / total result(s)' and first/prev/next/last. */
export function WizardPager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const last = pagerLastPage(total, GROUP_WIZARD_PAGE_SIZE);
  const buttons = [
    { label: 'First page', icon: IconChevronsLeft, to: 1, disabled: page <= 1 },
    { label: 'Previous page', icon: IconChevronLeft, to: page - 1, disabled: page <= 1 },
    { label: 'Next page', icon: IconChevronRight, to: page + 1, disabled: page >= last },
    { label: 'Last page', icon: IconChevronsRight, to: last, disabled: page >= last },
  ];
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text size="xs" c="dimmed" data-testid="wizard-pager">
        {pagerLabel(page, GROUP_WIZARD_PAGE_SIZE, total)}
      </Text>
      <Group gap={2} wrap="nowrap">
        {buttons.map(({ label, icon: Icon, to, disabled }) => (
          <ActionIcon
            key={label}
            variant="subtle"
            size="sm"
            aria-label={label}
            disabled={disabled}
            onClick={() => onPage(to)}
          >
            <Icon size={16} />
          </ActionIcon>
        ))}
      </Group>
    </Group>
  );
}
