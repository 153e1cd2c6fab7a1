import { Radio, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SpareSim } from '@waymark/domain';
import { matchingSims } from './simWizard';

/** Choosing the new card: typing the last 4 digits of its ICCID filters the spare cards. */
export function ChooseIccidStep({
  spares,
  typed,
  onType,
  chosen,
  onChoose,
}: {
  spares: readonly SpareSim[];
  typed: string;
  onType: (text: string) => void;
  chosen: string | null;
  onChoose: (iccid: string | null) => void;
}) {
  const shown = matchingSims(spares, typed);
  return (
    <Stack gap="xs">
      <Title order={4}>Choose the new SIM card</Title>
      <Text size="sm">
        Type the last 4 digits of the ICCID printed on the new card, then pick it below.
      </Text>
      <TextInput
        label="ICCID"
        placeholder="Last 4 digits"
        value={typed}
        onChange={(e) => {
          const text = e.currentTarget.value;
          onType(text);
          const only = matchingSims(spares, text);
          // Typing keeps the choice only while it still matches; a single match is chosen.
          if (only.length === 1) onChoose(only[0]!.iccid);
          else if (chosen && !only.some((s) => s.iccid === chosen)) onChoose(null);
        }}
      />
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {spares.length === 0 ? 'This account has no spare SIM cards' : 'No ICCID matches'}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={200}>
          <Radio.Group
            value={chosen ?? ''}
            onChange={(v) => onChoose(v || null)}
            aria-label="Spare SIM cards"
          >
            <Stack gap={6}>
              {shown.map((s) => (
                <Radio
                  key={s.iccid}
                  value={s.iccid}
                  label={s.phone ? `${s.iccid} (${s.phone})` : s.iccid}
                />
              ))}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
