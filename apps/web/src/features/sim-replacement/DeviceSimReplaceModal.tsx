import { useEffect, useRef, useState } from 'react';
import { Button, Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconAlertTriangle } from '@tabler/icons-react';
import {
  SIM_MESSAGES,
  SIM_SWAP_DELAY_MS,
  type SimReplacementDevice,
  type SimReplacementDeviceType,
  type SpareSim,
} from '@waymark/domain';
import { useConfig } from '../../api/config';
import { useSimReplace, useSimReplacementDevices, useSpareSims } from '../../api/simReplacement';
import type { ModalBodyProps } from '../../app/modals/modalBody';
import { useCurrentAccount } from '../../app/session/useSession';
import { toast } from '../../app/toast';
import { ChooseIccidStep } from './ChooseIccidStep';
import { SimHelpText, SimStepText } from './SimStepText';
import {
  canContinue,
  firstPhase,
  stepNumber,
  successPhase,
  wizardFor,
  type SimPhase,
  type SimStepTopic,
} from './simWizard';

type InstructionTopic = Exclude<SimStepTopic, 'choose-iccid'>;

/**
 * DeviceSimReplaceModal (spec 002 §2.10): choose a tracker (skipped when only one is due),
 * walk the Mobile 200 or Car Charger steps, choose the new card by ICCID, 'Swap SIM' (after
 * 3 s), then replacing, success (with 'Replace Next' while more remain) or the error step.
 */
export function DeviceSimReplaceModal({ close }: ModalBodyProps) {
  const accountId = useCurrentAccount()?.id ?? null;
  const devices = useSimReplacementDevices(accountId);
  const spares = useSpareSims(accountId);
  if (!devices.data || !spares.data || accountId === null) {
    return (
      <Group justify="center" p="lg">
        <Loader size="md" aria-label="Loading" />
      </Group>
    );
  }
  return (
    <SimWizard
      accountId={accountId}
      eligible={devices.data}
      spares={spares.data}
      reload={async () => {
        const [left, cards] = await Promise.all([devices.refetch(), spares.refetch()]);
        return { devices: left.data ?? [], spares: cards.data ?? [] };
      }}
      close={close}
    />
  );
}

function SimWizard({
  accountId,
  eligible,
  spares,
  reload,
  close,
}: {
  accountId: number;
  eligible: readonly SimReplacementDevice[];
  spares: readonly SpareSim[];
  reload: () => Promise<{ devices: readonly SimReplacementDevice[]; spares: readonly SpareSim[] }>;
  close: () => void;
}) {
  const replace = useSimReplace(accountId);
  const { help_url } = useConfig();

  const [phase, setPhase] = useState<SimPhase>(() => firstPhase(eligible.length));
  const [deviceId, setDeviceId] = useState<number | null>(() =>
    eligible.length === 1 ? eligible[0]!.id : null,
  );
  const [iccid, setIccid] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [swappedName, setSwappedName] = useState('');
  const [showHelp, setShowHelp] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const device = eligible.find((d) => d.id === deviceId) ?? null;
  const steps = device ? wizardFor(device.model.device_type) : undefined;

  // The only tracker due is of a model the wizard cannot open (spec 002 §5, §8).
  const unsupported = phase.kind === 'step' && device && !steps ? device.model.device_type : null;
  useEffect(() => {
    if (unsupported === null) return;
    toast.error(SIM_MESSAGES.unsupported(unsupported));
    close();
  }, [unsupported, close]);

  /** Chooses the tracker; an unsupported model ends the wizard with the spec's toast. */
  const pick = (d: SimReplacementDevice) => {
    if (!wizardFor(d.model.device_type)) {
      toast.error(SIM_MESSAGES.unsupported(d.model.device_type));
      close();
      return false;
    }
    setDeviceId(d.id);
    return true;
  };

  /** 'Replace Next': starts again with the trackers now due. */
  const restart = (list: readonly SimReplacementDevice[]) => {
    setIccid(null);
    setTyped('');
    const next = firstPhase(list.length);
    if (next.kind === 'step' && !pick(list[0]!)) return;
    if (next.kind !== 'step') setDeviceId(null);
    setPhase(next);
  };

  const send = async () => {
    if (!device || !iccid) return;
    setSwappedName(device.name);
    setShowHelp(false);
    setPhase({ kind: 'replacing' });
    try {
      await replace.mutateAsync({ device_id: device.id, iccid });
      const left = await reload();
      setPhase(successPhase(left.devices.length, left.spares.length));
    } catch (error) {
      setPhase({
        kind: 'error',
        message: error instanceof Error ? error.message : 'The SIM card could not be swapped',
      });
    }
  };

  const swapAfterDelay = () => {
    setWaiting(true);
    timer.current = setTimeout(() => {
      setWaiting(false);
      void send();
    }, SIM_SWAP_DELAY_MS);
  };

  const header = steps && stepNumber(phase, steps);
  const model = device?.model.device_type as SimReplacementDeviceType | undefined;

  return (
    <Stack gap="md" data-testid="sim-wizard">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {device ? `${device.name} (${device.serial})` : 'Replace SIM'}
        </Text>
        {header !== null && header !== undefined && (
          <Text size="sm" c="dimmed" data-testid="sim-step">
            Step {header}/{steps!.length + 1}
          </Text>
        )}
      </Group>

      {phase.kind === 'choose-tracker' && eligible.length === 0 && (
        <>
          <Text size="sm">No tracker needs a new SIM card.</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </>
      )}

      {phase.kind === 'choose-tracker' && eligible.length > 0 && (
        <>
          <Title order={4}>Choose a tracker</Title>
          <Text size="sm">These trackers need a new SIM card. Pick the one you have in hand.</Text>
          <Radio.Group
            value={deviceId === null ? '' : String(deviceId)}
            onChange={(v) => setDeviceId(Number(v))}
            aria-label="Tracker"
          >
            <Stack gap={6}>
              {eligible.map((d) => (
                <Radio
                  key={d.id}
                  value={String(d.id)}
                  label={`${d.name} (${d.serial}, ${d.model.title})`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button
              disabled={!canContinue('choose-tracker', { deviceId, iccid })}
              onClick={() => {
                if (device && pick(device)) setPhase({ kind: 'step', index: 0 });
              }}
            >
              Continue
            </Button>
          </Group>
        </>
      )}

      {phase.kind === 'step' && steps && model && (
        <>
          {steps[phase.index] === 'choose-iccid' ? (
            <ChooseIccidStep
              spares={spares}
              typed={typed}
              onType={setTyped}
              chosen={iccid}
              onChoose={setIccid}
            />
          ) : (
            <SimStepText topic={steps[phase.index] as InstructionTopic} model={model} />
          )}
          <Group justify="space-between">
            <Button
              variant="default"
              disabled={waiting || (phase.index === 0 && eligible.length === 1)}
              onClick={() =>
                setPhase(
                  phase.index === 0
                    ? { kind: 'choose-tracker' }
                    : { kind: 'step', index: phase.index - 1 },
                )
              }
            >
              Back
            </Button>
            {steps[phase.index] === 'swap' ? (
              <Button
                loading={waiting}
                disabled={!canContinue('swap', { deviceId, iccid })}
                onClick={swapAfterDelay}
              >
                Swap SIM
              </Button>
            ) : (
              <Button
                disabled={!canContinue(steps[phase.index]!, { deviceId, iccid })}
                onClick={() => setPhase({ kind: 'step', index: phase.index + 1 })}
              >
                Continue
              </Button>
            )}
          </Group>
        </>
      )}

      {phase.kind === 'replacing' && (
        <Stack align="center" gap="sm" py="md" role="status">
          <Loader size="lg" aria-label="Replacing SIM" />
          <Title order={4}>Replacing the SIM card…</Title>
          <Text size="sm" ta="center">
            This can take a few minutes. Keep the tracker switched on and this window open.
          </Text>
        </Stack>
      )}

      {phase.kind === 'success' && (
        <Stack align="center" gap="sm" py="md">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
          <Title order={4}>SIM card replaced</Title>
          <Text size="sm" ta="center">
            {swappedName} now uses the new SIM card. We added 2 free audio hours to it.
          </Text>
          <Group>
            {phase.next && (
              <Button variant="default" onClick={() => restart(eligible)}>
                Replace Next
              </Button>
            )}
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}

      {phase.kind === 'error' && (
        <Stack align="center" gap="sm" py="md">
          <IconAlertTriangle size={48} color="var(--mantine-color-red-6)" aria-hidden />
          <Title order={4}>The SIM card was not replaced</Title>
          <Text size="sm" ta="center" c="red" role="alert">
            {phase.message}
          </Text>
          <Group>
            {help_url ? (
              <Button
                variant="default"
                component="a"
                href={help_url}
                target="_blank"
                rel="noreferrer"
              >
                I need help
              </Button>
            ) : (
              <Button variant="default" onClick={() => setShowHelp(true)}>
                I need help
              </Button>
            )}
            <Button onClick={() => void send()}>Try Again</Button>
          </Group>
          {showHelp && <SimHelpText />}
        </Stack>
      )}
    </Stack>
  );
}
