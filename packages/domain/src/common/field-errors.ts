import { FIELD_MESSAGES } from './fields.schema';

/** One problem with one field, as zod reports it and as the server's 422 keys it. */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Fields whose name on the screens is not their name in the call. */
const FIELD_LABELS: Record<string, string> = {
  device_id: 'Tracker',
  device_ids: 'Tracker',
  tracker_type: 'Model',
  timezone_id: 'Time zone',
  iccid: 'ICCID',
  imei: 'IMEI',
};

/**
 * What a person calls the field at the end of `path`: its screen name where it differs, else
 * its words without an _id ('model_id' reads 'Model', 'from_geofence_id' 'From geofence').
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const key = [...path].reverse().find((part): part is string => typeof part === 'string');
  if (!key) return 'This field';
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_ids?$/, '')
    .replace(/_/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The message a person reads: a missing value names its field ('Model is required'). */
export function fieldMessage(issue: FieldIssue): string {
  return issue.message === FIELD_MESSAGES.required
    ? `${fieldLabel(issue.path)} ${FIELD_MESSAGES.required}`
    : issue.message;
}

/**
 * The one mapping of schema issues to `errors` by field ('conditions.0.data.values'), used by
 * the server's 422 and by every form that checks its values with the request's schema, so a
 * screen and a client read the same words. An issue of the whole body goes under `root`.
 */
export function fieldErrorsOf(
  issues: readonly FieldIssue[],
  root = 'body',
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || root;
    (errors[key] ??= []).push(fieldMessage(issue));
  }
  return errors;
}

/** The first message per field: what a form shows under each input. */
export function firstFieldErrors(
  issues: readonly FieldIssue[],
  root = 'body',
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fieldErrorsOf(issues, root)).map(([key, messages]) => [key, messages[0] ?? '']),
  );
}
