import { describe, expect, it } from 'vitest';
import {
  canContinue,
  firstPhase,
  matchingSims,
  showsSimBanner,
  stepNumber,
  successPhase,
  wizardFor,
} from './simWizard';

const spares = [
  { iccid: '89012608822910014417', phone: '+13125550201' },
  { iccid: '8901260882291002552', phone: null },
  { iccid: '89012608822910036639', phone: null },
];

describe('the SIM wizard', () => {
  it('has 8 steps for a Mobile 200 and 7 for a Car Charger, replacing after the last', () => {
    const mobile = wizardFor('ll02')!;
    const charger = wizardFor('vl501')!;
    expect(mobile).toHaveLength(8);
    expect(charger).toHaveLength(7);
    expect(stepNumber({ kind: 'replacing' }, mobile)).toBe(9);
    expect(stepNumber({ kind: 'replacing' }, charger)).toBe(8);
    expect(stepNumber({ kind: 'step', index: 0 }, charger)).toBe(1);
    for (const steps of [mobile, charger]) {
      expect(steps[0]).toBe('kit');
      expect(steps.at(-1)).toBe('swap');
      expect(steps).toContain('choose-iccid');
    }
  });

  it('supports only ll02 and vl501', () => {
    expect(wizardFor('fmb920')).toBeUndefined();
    expect(wizardFor('')).toBeUndefined();
  });

  it('skips choosing a tracker when only one is due', () => {
    expect(firstPhase(1)).toEqual({ kind: 'step', index: 0 });
    expect(firstPhase(2)).toEqual({ kind: 'choose-tracker' });
  });

  it('needs a tracker to start and an ICCID to leave the ICCID step', () => {
    expect(canContinue('choose-tracker', { deviceId: null, iccid: null })).toBe(false);
    expect(canContinue('choose-tracker', { deviceId: 4, iccid: null })).toBe(true);
    expect(canContinue('eject', { deviceId: 4, iccid: null })).toBe(true);
    expect(canContinue('choose-iccid', { deviceId: 4, iccid: null })).toBe(false);
    expect(canContinue('choose-iccid', { deviceId: 4, iccid: spares[0]!.iccid })).toBe(true);
    expect(canContinue('swap', { deviceId: null, iccid: spares[0]!.iccid })).toBe(false);
  });

  it('finds a card by the last 4 digits typed', () => {
    expect(matchingSims(spares, '2552')).toEqual([spares[1]]);
    expect(matchingSims(spares, ' 6639 ')).toEqual([spares[2]]);
    expect(matchingSims(spares, '9999')).toEqual([]);
    expect(matchingSims(spares, '')).toEqual(spares);
  });

  it("offers 'Replace Next' only while trackers and spare cards remain", () => {
    expect(successPhase(1, 2)).toEqual({ kind: 'success', next: true });
    expect(successPhase(0, 2)).toEqual({ kind: 'success', next: false });
    expect(successPhase(2, 0)).toEqual({ kind: 'success', next: false });
  });

  it('hides the banner for account 92 and when nothing is due', () => {
    expect(showsSimBanner(5, 2)).toBe(true);
    expect(showsSimBanner(92, 2)).toBe(false);
    expect(showsSimBanner(5, 0)).toBe(false);
    expect(showsSimBanner(null, 2)).toBe(false);
  });
});
