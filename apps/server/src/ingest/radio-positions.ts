import type { RawPosition } from '@waymark/domain';
import type { CellLocator } from '../adapters/cell-geolocation/cell-locator';
import type { DecodedMessage } from './protocols/types';

/**
 * Turns the radio scans of a read (cell towers and Wi-Fi heard, GT06 0x28 / 0x2C) into
 * positions through the cell geolocation service, in place: a placed scan's message carries the
 * position instead of its status. A scan the service does not know, or could not answer for,
 * stays status. Wi-Fi is the fix type when two access points or more were heard (services need
 * two to place one), cell otherwise.
 */
export async function placeRadioScans(
  messages: DecodedMessage[],
  locator: CellLocator,
  failed: (error: unknown) => void,
): Promise<number> {
  let placed = 0;
  for (const message of messages) {
    const { radio, status } = message;
    if (!radio || !status || (radio.cells.length === 0 && radio.wifi.length === 0)) continue;
    try {
      const place = await locator.locate(radio);
      if (!place) continue;
      const position: RawPosition = {
        serial: status.serial,
        deviceTime: radio.time,
        lat: place.lat,
        lng: place.lng,
        valid: true,
        fix: radio.wifi.length >= 2 ? 'wifi' : 'cell',
        accuracy: place.accuracy,
      };
      if (radio.cells[0]) position.cell = radio.cells[0];
      message.positions = [position];
      delete message.status;
      placed++;
    } catch (error) {
      failed(error);
    }
  }
  return placed;
}
