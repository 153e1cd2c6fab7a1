import { DWELL_MESSAGES, dwellSettingError } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { failureMessage } from '../trackers/details/feedback';

/**
 * What a failed inline dwell edit tells the user (spec 000 §8): a geofence deleted meanwhile
 * (404), else the server's message, else 'Error setting {field}'; null when the shell already
 * said it (a cancelled request, 403 or a server error).
 */
export function dwellEditFailure(error: unknown, label: string): string | null {
  if (error instanceof ApiError && error.status === 404) return DWELL_MESSAGES.geofenceGone;
  return failureMessage(error, dwellSettingError(label));
}
