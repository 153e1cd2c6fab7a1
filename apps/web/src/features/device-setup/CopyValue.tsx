import { Code, Group } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { CopyLinkButton } from '../shipments/CopyLinkButton';

/** A value to type into a unit or its tool, with a button that copies it. */
export function CopyValue({
  value,
  name,
  block,
}: {
  value: string;
  name: string;
  block?: boolean;
}) {
  const code = block ? (
    <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {value}
    </Code>
  ) : (
    <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
  );
  return (
    <Group gap="xs" wrap={block ? 'nowrap' : 'wrap'} align="flex-start">
      <div style={{ flex: block ? 1 : undefined, minWidth: 0 }}>{code}</div>
      <CopyLinkButton
        url={value}
        label="Copy"
        ariaLabel={`Copy ${name}`}
        icon={<IconCopy size={14} />}
      />
    </Group>
  );
}
