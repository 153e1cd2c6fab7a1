import { ActionIcon, Box, Button, FileButton, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconX } from '@tabler/icons-react';
import { ANCHOR_IMAGE_TYPES } from '@waymark/domain';
import type { StepProps } from './stepProps';

interface PhotosStepProps extends StepProps {
  /** Files the user chose; the wizard checks them and keeps those it may upload. */
  onAdd: (files: File[]) => void;
}

function Thumbnail({ src, name, onDelete }: { src: string; name: string; onDelete: () => void }) {
  return (
    <Box pos="relative">
      <Image src={src} alt={name} h={96} radius="sm" fit="cover" />
      <ActionIcon
        pos="absolute"
        top={4}
        right={4}
        size="sm"
        color="dark"
        variant="filled"
        aria-label={`Delete photo ${name}`}
        onClick={onDelete}
      >
        <IconX size={14} />
      </ActionIcon>
    </Box>
  );
}

/** Step 4: photos of where the anchor hangs: add (1 Mb each), preview, delete. */
export function PhotosStep({ draft, onChange, onAdd }: PhotosStepProps) {
  const count = draft.images.length + draft.pending.length;
  return (
    <Stack gap="sm">
      <FileButton onChange={onAdd} accept={ANCHOR_IMAGE_TYPES.join(',')} multiple>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconPhotoPlus size={16} />}>
            Add photos
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        PNG, JPEG, GIF or WebP, up to 1 Mb each.
      </Text>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          No photos yet
        </Text>
      ) : (
        <SimpleGrid cols={3} spacing="xs" aria-label="Photos">
          {draft.images.map((image, index) => (
            <Thumbnail
              key={`stored-${image.id}`}
              src={image.path}
              name={`Photo ${index + 1}`}
              onDelete={() =>
                onChange({
                  images: draft.images.filter((i) => i.id !== image.id),
                  removedImageIds: [...draft.removedImageIds, image.id],
                })
              }
            />
          ))}
          {draft.pending.map((photo) => (
            <Thumbnail
              key={photo.key}
              src={photo.url}
              name={photo.file.name}
              onDelete={() => {
                URL.revokeObjectURL(photo.url);
                onChange({ pending: draft.pending.filter((p) => p.key !== photo.key) });
              }}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
