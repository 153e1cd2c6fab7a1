import { Image, Group, Stack, Table, Text } from '@mantine/core';
import { formatFeet } from '@waymark/domain';
import type { AnchorDraft } from './anchorDraft';

/** What will be saved, to read over before 'Save Anchor'. */
export function ReviewStep({
  draft,
  geofenceName,
}: {
  draft: AnchorDraft;
  geofenceName: string | null;
}) {
  const point =
    draft.lat !== null && draft.lng !== null
      ? `${draft.lat.toFixed(5)}, ${draft.lng.toFixed(5)}`
      : 'Found from the address when saved';
  const rows: [string, string][] = [
    ['Name', draft.name.trim()],
    ['Serial', draft.serial.trim().toLowerCase()],
    ['Address', draft.address.trim() || '—'],
    ['Point', point],
    ['Radius', formatFeet(draft.radius)],
    ['Geofence', geofenceName ?? 'None'],
    ['Notes', draft.notes.trim() || '—'],
    ['Photos', String(draft.images.length + draft.pending.length)],
  ];
  const previews = [
    ...draft.images.map((i) => ({ key: `s${i.id}`, src: i.path })),
    ...draft.pending.map((p) => ({ key: p.key, src: p.url })),
  ];
  return (
    <Stack gap="sm">
      <Table variant="vertical" withTableBorder aria-label="Review">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={110}>{label}</Table.Th>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {value}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {previews.length > 0 && (
        <Group gap="xs">
          {previews.map((p) => (
            <Image key={p.key} src={p.src} alt="" h={56} w={56} radius="sm" fit="cover" />
          ))}
        </Group>
      )}
    </Stack>
  );
}
