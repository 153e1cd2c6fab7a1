import { Button, Group, Text } from '@mantine/core';
import type { ModalBodyProps } from './modalBody';

/**
 * The download confirmation (spec 002 §2.8): a download the server prepares in the background
 * (a queued report PDF, spec 002 §8) says where it will arrive. Opened with title and text.
 */
export function DownloadConfirmationModal({ close, props }: ModalBodyProps) {
  return (
    <>
      <Text size="sm">{typeof props.text === 'string' ? props.text : ''}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={close}>OK</Button>
      </Group>
    </>
  );
}
