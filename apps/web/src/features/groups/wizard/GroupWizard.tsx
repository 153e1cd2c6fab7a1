import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Loader, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import {
  GROUP_MESSAGES,
  GROUP_WIZARD_STEPS,
  accountFeatures,
  groupPageStatuses,
} from '@waymark/domain';
import { groupErrorMessage, useGroupCandidates, useGroupWrite } from '../../../api/groups';
import type { ModalBodyProps } from '../../../app/modals/modalBody';
import { useCurrentAccount } from '../../../app/session/useSession';
import { toast } from '../../../app/toast';
import {
  WIZARD_TITLES,
  firstStep,
  initialSelection,
  offeredTrackers,
  wizardTarget,
  type WizardStep,
} from './groupWizard';
import { WizardTrackerTable } from './WizardTrackerTable';
import { toggled } from './wizardTable';

/**
 * DeviceGroupModal: the three-step group wizard of spec 002 §2.9 (name, pick trackers,
 * review and save). It draws its own header for the 'n/3' step and the close tooltip.
 */
export function GroupWizard({ close, props }: ModalBodyProps) {
  const target = useMemo(() => wizardTarget(props), [props]);
  const account = useCurrentAccount();
  const accountId = account?.id ?? null;
  const statuses = useMemo(
    () => groupPageStatuses(account ? accountFeatures(account).canSeeCancelledDevices : false),
    [account],
  );
  const candidates = useGroupCandidates(accountId, statuses);
  const write = useGroupWrite(accountId ?? 0);

  const originalName = target.mode === 'create' ? '' : target.group.name;
  const [step, setStep] = useState<WizardStep>(firstStep(target));
  const [name, setName] = useState(originalName);
  const [selected, setSelected] = useState<Set<number>>(() => initialSelection(target));
  const trimmed = name.trim();

  const offered = useMemo(
    () => offeredTrackers(target, candidates.data ?? []),
    [target, candidates.data],
  );
  const chosen = useMemo(() => offered.filter((d) => selected.has(d.id)), [offered, selected]);

  const save = async () => {
    const ids = chosen.map((d) => d.id);
    try {
      if (target.mode === 'create') {
        await write.mutateAsync({ kind: 'create', name: trimmed, deviceIds: ids });
        toast.success(GROUP_MESSAGES.created(trimmed));
      } else {
        const groupId = target.group.id;
        if (trimmed !== originalName) {
          await write.mutateAsync({ kind: 'rename', groupId, name: trimmed });
        }
        if (target.mode === 'edit') {
          await write.mutateAsync({ kind: 'swap', groupId, deviceIds: ids });
        } else if (ids.length > 0) {
          await write.mutateAsync({ kind: 'add', groupId, deviceIds: ids });
        }
        toast.success(GROUP_MESSAGES.updated(trimmed));
      }
      close();
    } catch (error) {
      toast.error(groupErrorMessage(error));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="nowrap" align="center">
        <Group gap="xs" wrap="nowrap">
          <Text fw={700} size="lg">
            {WIZARD_TITLES[target.mode]}
          </Text>
          <Text size="sm" c="dimmed" data-testid="wizard-step">
            {step}/{GROUP_WIZARD_STEPS}
          </Text>
        </Group>
        <Tooltip label="Discard all changes?" disabled={!trimmed} withinPortal>
          <ActionIcon variant="subtle" color="gray" aria-label="Close" onClick={close}>
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>

      {step === 1 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (trimmed) setStep(2);
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Group Name"
              placeholder="Name your group"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              data-autofocus
              maxLength={120}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={!trimmed}>
                Continue
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {step === 2 && (
        <Stack gap="md">
          <Text size="sm">Choose the trackers for {trimmed || GROUP_MESSAGES.unnamed}.</Text>
          {candidates.isPending ? (
            <Loader size="sm" aria-label="Loading trackers" />
          ) : (
            <WizardTrackerTable
              label="Trackers to choose"
              mode="select"
              rows={offered}
              selected={selected}
              onSelect={setSelected}
            />
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(1)}>
              Back
            </Button>
            <Button onClick={() => setStep(3)} disabled={candidates.isPending}>
              {chosen.length > 0 ? 'Add & Verify' : 'Skip Adding'}
            </Button>
          </Group>
        </Stack>
      )}

      {step === 3 && (
        <Stack gap="md">
          <Text size="sm">
            {chosen.length > 0
              ? `${chosen.length} ${chosen.length === 1 ? 'tracker' : 'trackers'} in ${trimmed}.`
              : `${trimmed} will have no trackers${target.mode === 'add' ? ' added' : ''}.`}
          </Text>
          <WizardTrackerTable
            label="Chosen trackers"
            mode="delete"
            rows={chosen}
            onDelete={(ids) => setSelected((current) => toggled(current, ids, false))}
          />
          <Group justify="space-between">
            <Button variant="default" onClick={() => setStep(2)}>
              Edit List
            </Button>
            <Button onClick={() => void save()} loading={write.isPending}>
              {chosen.length > 0 ? 'Save Group' : 'Save Blank'}
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
