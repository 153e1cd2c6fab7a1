const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    formats.set(zone, format);
  }
  return format;
}

/** True for a zone the runtime knows ('America/Chicago', 'UTC'). */
function knownZone(zone: string): boolean {
  try {
    formatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * 'Dec 1, 2026, 3:04 PM CST': a time in a mail or text message, on the clock of its
 * recipient's zone (their profile's; UTC when they have none or it is unknown) and naming
 * that zone, since recipients live in many.
 */
export function formatMessageTime(at: number | string | Date, zone: string | null): string {
  const name = zone && knownZone(zone) ? zone : 'UTC';
  // ICU writes a narrow no-break space before AM/PM; text messages and mail want a plain one.
  return formatOf(name)
    .format(new Date(at))
    .replace(/[\u202f\u00a0]/g, ' ');
}
