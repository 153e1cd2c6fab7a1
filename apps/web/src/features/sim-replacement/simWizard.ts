import {
  SIM_BANNER_HIDDEN_ACCOUNT_ID,
  SIM_REPLACEMENT_DEVICE_TYPES,
  type SimReplacementDeviceType,
  type SpareSim,
} from '@waymark/domain';

/** What each instruction step is about (spec 002 §2.10); the words live in SimSteps.tsx. */
export type SimStepTopic =
  'kit' | 'power-off' | 'unplug' | 'open' | 'eject' | 'choose-iccid' | 'insert' | 'close' | 'swap';

/**
 * The Mobile 200 (ll02) has a battery to switch off first: 8 steps, replacing is step 9. The
 * Car Charger (vl501) is unplugged instead and closed in the last step: 7 steps, replacing 8.
 */
export const SIM_WIZARDS: Record<SimReplacementDeviceType, readonly SimStepTopic[]> = {
  ll02: ['kit', 'power-off', 'open', 'eject', 'choose-iccid', 'insert', 'close', 'swap'],
  vl501: ['kit', 'unplug', 'open', 'eject', 'choose-iccid', 'insert', 'swap'],
};

/** The wizard of a model type, or undefined when the type is not supported. */
export function wizardFor(deviceType: string): readonly SimStepTopic[] | undefined {
  return (SIM_REPLACEMENT_DEVICE_TYPES as readonly string[]).includes(deviceType)
    ? SIM_WIZARDS[deviceType as SimReplacementDeviceType]
    : undefined;
}

/** Where the modal is. Instruction steps count from 1; replacing is the step after the last. */
export type SimPhase =
  | { kind: 'choose-tracker' }
  | { kind: 'step'; index: number }
  | { kind: 'replacing' }
  | { kind: 'success'; next: boolean }
  | { kind: 'error'; message: string };

/** Step 0 is skipped when only one tracker is due. */
export function firstPhase(eligibleCount: number): SimPhase {
  return eligibleCount === 1 ? { kind: 'step', index: 0 } : { kind: 'choose-tracker' };
}

/** The number shown in 'Step n/total': instruction steps 1..n, replacing n + 1. */
export function stepNumber(phase: SimPhase, steps: readonly SimStepTopic[]): number | null {
  if (phase.kind === 'step') return phase.index + 1;
  if (phase.kind === 'replacing') return steps.length + 1;
  return null;
}

/** A tracker must be chosen to start, and an ICCID to leave the ICCID step (spec 002 §5). */
export function canContinue(
  topic: SimStepTopic | 'choose-tracker',
  chosen: { deviceId: number | null; iccid: string | null },
): boolean {
  if (topic === 'choose-tracker') return chosen.deviceId !== null;
  if (topic === 'choose-iccid' || topic === 'insert' || topic === 'close' || topic === 'swap') {
    return chosen.deviceId !== null && chosen.iccid !== null;
  }
  return chosen.deviceId !== null;
}

/**
 * The spare cards that match what was typed: digits anywhere in the ICCID, so the last 4
 * digits printed on the card find it. Other characters are ignored; nothing typed lists all.
 */
export function matchingSims(spares: readonly SpareSim[], typed: string): SpareSim[] {
  const digits = typed.replace(/\D/g, '');
  if (!digits) return [...spares];
  return spares.filter((s) => s.iccid.includes(digits));
}

/** After a swap: 'Replace Next' while trackers and spare cards both remain (spec 002 §4.6). */
export function successPhase(remainingDevices: number, remainingSims: number): SimPhase {
  return { kind: 'success', next: remainingDevices > 0 && remainingSims > 0 };
}

/** The banner shows when a replacement is possible, except for account 92 (spec 002 §9). */
export function showsSimBanner(accountId: number | null, eligibleCount: number): boolean {
  return accountId !== null && accountId !== SIM_BANNER_HIDDEN_ACCOUNT_ID && eligibleCount > 0;
}
