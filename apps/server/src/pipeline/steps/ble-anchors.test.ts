import { describe, expect, it } from 'vitest';
import type { RawPosition } from '@waymark/domain';
import { locateAtAnchor, type AnchorPlace } from './ble-anchors';

const dock: AnchorPlace = { id: 1, name: 'Dock 4', lat: 41.88, lng: -87.63, accuracy: 9.144 };
const aisle: AnchorPlace = { id: 2, name: 'Aisle 9', lat: 41.8801, lng: -87.6302, accuracy: 15 };
const anchors = new Map([
  ['aa-dock', dock],
  ['bb-aisle', aisle],
]);

const report = (over: Partial<RawPosition>): RawPosition => ({
  serial: '356307042441013',
  deviceTime: new Date('2026-11-21T09:00:00Z'),
  lat: 0,
  lng: 0,
  valid: false,
  fix: 'gps',
  ...over,
});

describe('locateAtAnchor', () => {
  it('places a report without GPS at the strongest known beacon, as a BLE fix', () => {
    const located = locateAtAnchor(
      report({
        bleBeacons: [
          { id: 'AA-DOCK', rssi: -80 },
          { id: 'unknown', rssi: -40 },
          { id: 'bb-aisle', rssi: -60 },
        ],
      }),
      anchors,
    );
    expect(located).toMatchObject({
      lat: aisle.lat,
      lng: aisle.lng,
      fix: 'ble',
      valid: true,
      accuracy: 15,
      attributes: { anchorId: 2, anchor: 'Aisle 9' },
    });
  });

  it('keeps a valid GPS fix, and reports whose beacons are no anchor', () => {
    const gps = report({ lat: 40, lng: -90, valid: true, bleBeacons: [{ id: 'aa-dock' }] });
    expect(locateAtAnchor(gps, anchors)).toBe(gps);
    const stranger = report({ bleBeacons: [{ id: 'cc-nowhere', rssi: -30 }] });
    expect(locateAtAnchor(stranger, anchors)).toBe(stranger);
    expect(locateAtAnchor(stranger, undefined)).toBe(stranger);
  });
});
