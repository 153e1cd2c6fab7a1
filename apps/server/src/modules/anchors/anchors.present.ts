import type { Anchor } from '@waymark/domain';
import { imageUrl } from './image-file';
import type { AnchorImageRow, AnchorRow } from './anchors.queries';

/** An anchor as the API answers it: with its images and the tracker of the same serial. */
export function presentAnchor(
  r: AnchorRow,
  images: readonly AnchorImageRow[],
  device: { id: number; serial: string } | null,
): Anchor {
  return {
    id: r.id,
    name: r.name,
    serial: r.serial,
    address: r.address,
    notes: r.notes,
    lat: r.lat,
    lng: r.lng,
    radius: r.radius,
    geofence_id: r.geofence_id,
    images: images.map(presentAnchorImage),
    device,
  };
}

export const presentAnchorImage = (i: Pick<AnchorImageRow, 'id' | 'path'>) => ({
  id: i.id,
  path: imageUrl(i.path),
});
