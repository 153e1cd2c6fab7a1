import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ANCHOR_IMAGE_MESSAGE_MS, ANCHOR_MESSAGES, imageTooBigMessage } from '@waymark/domain';
import { anchorsKeys, type Anchor } from '../../../api/anchors';
import { useGeofences } from '../../../api/geofences';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { toast } from '../../../app/toast';
import {
  draftFrom,
  REVIEW_STEP,
  sortPhotos,
  stepErrors,
  stepOfField,
  STEPS,
  type AnchorDraft,
} from './anchorDraft';
import { LinkStep } from './LinkStep';
import { LocationStep } from './LocationStep';
import { NameStep } from './NameStep';
import { PhotosStep } from './PhotosStep';
import { ReviewStep } from './ReviewStep';
import { saveAnchorDraft } from './saveAnchorDraft';

let photoCounter = 0;

/**
 * The BLE anchor wizard (spec 000 §2.8, modal 'ble-anchor-wizard'): 1 name and serial,
 * 2 location and radius, 3 linked geofence and notes, 4 photos, then a review and save.
 * Props: accountId, and the anchor when editing.
 */
export function AnchorWizard({ close, props }: ModalBodyProps) {
  const accountId = props.accountId as number;
  const original = (props.anchor as Anchor | undefined) ?? null;
  const queryClient = useQueryClient();
  const geofences = useGeofences(accountId);
  const [anchorId, setAnchorId] = useState<number | null>(original?.id ?? null);
  const [draft, setDraft] = useState<AnchorDraft>(() => draftFrom(original));
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  // Previews are object URLs: give them back when the wizard goes away.
  const pendingRef = useRef(draft.pending);
  useEffect(() => {
    pendingRef.current = draft.pending;
  }, [draft.pending]);
  useEffect(() => () => pendingRef.current.forEach((p) => URL.revokeObjectURL(p.url)), []);

  const change = useCallback((next: Partial<AnchorDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors((e) => {
      const rest = { ...e };
      for (const field of Object.keys(next)) delete rest[field];
      if ('lat' in next) delete rest.address;
      return rest;
    });
  }, []);

  const addPhotos = useCallback((files: File[]) => {
    const { accepted, tooBig, notImages } = sortPhotos(files);
    for (const file of tooBig) {
      toast.error(imageTooBigMessage(file.name), { timeout: ANCHOR_IMAGE_MESSAGE_MS });
    }
    if (notImages.length > 0) toast.error(ANCHOR_MESSAGES.imageType);
    if (accepted.length === 0) return;
    const added = accepted.map((file) => ({
      key: `pending-${++photoCounter}`,
      file,
      url: URL.createObjectURL(file),
    }));
    setDraft((d) => ({ ...d, pending: [...d.pending, ...added] }));
  }, []);

  const next = () => {
    const found = stepErrors(draft, step);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep((s) => s + 1);
  };

  const save = async () => {
    setSaving(true);
    const outcome = await saveAnchorDraft(accountId, anchorId, draft);
    setSaving(false);
    if (outcome.kind === 'invalid') {
      setErrors(outcome.errors);
      setStep(stepOfField(Object.keys(outcome.errors)[0] ?? ''));
      return;
    }
    if (outcome.kind === 'failed') return;
    void queryClient.invalidateQueries({ queryKey: anchorsKeys.list(accountId) });
    const { anchor } = outcome;
    if (outcome.kind === 'photos-failed') {
      // Saved: from now on the wizard edits it, and offers the failed photos again.
      setAnchorId(anchor.id);
      setDraft((d) => ({
        ...d,
        images: anchor.images,
        removedImageIds: [],
        pending: outcome.pending,
      }));
      setStep(STEPS.length - 1);
      return;
    }
    toast.success(`${anchor.name} has been ${original ? 'updated' : 'created'}`);
    close();
  };

  const geofenceName =
    geofences.data?.find((g) => g.id === draft.geofence_id)?.name ??
    (draft.geofence_id === null ? null : `Geofence ${draft.geofence_id}`);
  const stepProps = { draft, errors, onChange: change };
  const isReview = step === REVIEW_STEP;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={3}>{original ? 'Edit Anchor' : 'New Anchor'}</Title>
        <Text size="sm" c="dimmed" data-testid="anchor-wizard-step">
          {isReview ? 'Review' : `${step + 1}/${STEPS.length}`}
        </Text>
      </Group>
      <Text fw={600}>{isReview ? 'Review and save' : STEPS[step]!.title}</Text>

      {step === 0 && <NameStep {...stepProps} />}
      {step === 1 && <LocationStep {...stepProps} />}
      {step === 2 && <LinkStep {...stepProps} accountId={accountId} />}
      {step === 3 && <PhotosStep {...stepProps} onAdd={addPhotos} />}
      {isReview && <ReviewStep draft={draft} geofenceName={geofenceName} />}

      <Group justify="space-between">
        {step > 0 ? (
          <Button variant="default" onClick={() => setStep((s) => s - 1)} disabled={saving}>
            Back
          </Button>
        ) : (
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
        )}
        {isReview ? (
          <Button onClick={() => void save()} loading={saving}>
            Save Anchor
          </Button>
        ) : (
          <Button onClick={next}>Continue</Button>
        )}
      </Group>
    </Stack>
  );
}
