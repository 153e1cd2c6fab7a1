/**
 * What a vehicle's device says of the vehicle beyond its fix, read from the attributes the
 * decoders fill (each protocol names them as Traccar's keys do): engine hours and the driver.
 * One reading for the trips (engine hours per trip and day) and the screens (Info panel).
 */
type Attributes = Readonly<Record<string, unknown>> | null | undefined;

const finite = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;

/** The engine's hour meter in hours: `hours`, or `engineSeconds` (Navtelecom's FLEX field 37). */
export function engineHoursOf(attributes: Attributes): number | null {
  const hours = finite(attributes?.hours);
  if (hours !== null) return hours;
  const seconds = finite(attributes?.engineSeconds);
  return seconds === null ? null : seconds / 3600;
}

/** The driver's key (iButton, RFID card or a driver number) the device read, or null. */
export function driverOf(attributes: Attributes): string | null {
  for (const key of ['driverUniqueId', 'driverId']) {
    const value = attributes?.[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}
