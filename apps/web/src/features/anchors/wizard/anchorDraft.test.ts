import { describe, expect, it } from 'vitest';
import { draftFrom, sortPhotos, stepErrors, stepOfField, toPayload } from './anchorDraft';

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

describe('anchor wizard draft', () => {
  it('starts a new anchor at radius 30 with nothing else filled in', () => {
    const draft = draftFrom();
    expect(draft.radius).toBe(30);
    expect(stepErrors(draft, 0)).toEqual({
      name: 'Name is required',
      serial: 'Serial is required',
    });
  });

  it('asks for an address or a point in the location step', () => {
    const draft = { ...draftFrom(), name: 'Dock', serial: 'aa' };
    expect(stepErrors(draft, 1)).toEqual({
      address: 'Enter an address or click a point on the map',
    });
    expect(stepErrors({ ...draft, lat: 41.8, lng: -87.6 }, 1)).toEqual({});
    expect(stepErrors({ ...draft, address: 'Chicago' }, 1)).toEqual({});
  });

  it('sends the store payload of the spec', () => {
    const draft = { ...draftFrom(), name: 'Dock', serial: 'AA', lat: 1, lng: 2, radius: 50 };
    expect(toPayload(draft)).toEqual({
      name: 'Dock',
      serial: 'AA',
      address: '',
      lat: 1,
      lng: 2,
      radius: 50,
      geofence_id: null,
      notes: '',
    });
  });

  it('shows a server message at the step of its field', () => {
    expect(stepOfField('serial')).toBe(0);
    expect(stepOfField('lat')).toBe(1);
    expect(stepOfField('geofence_id')).toBe(2);
  });

  it('keeps photos up to 1 Mb and sets aside bigger files and non-images', () => {
    const small = file('a.png', 'image/png', 1024);
    const big = file('b.jpg', 'image/jpeg', 1024 * 1024 + 1);
    const text = file('c.txt', 'text/plain', 10);
    expect(sortPhotos([small, big, text])).toEqual({
      accepted: [small],
      tooBig: [big],
      notImages: [text],
    });
  });
});
