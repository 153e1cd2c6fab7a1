import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { dwellEditFailure } from './dwellEditFailure';

describe('dwellEditFailure', () => {
  it('says the geofence is gone on 404', () => {
    expect(dwellEditFailure(new ApiError(404, 'No geofence'), 'Dwell SLA')).toBe(
      'Sorry, this geofence no longer exists',
    );
  });

  it("prefers the server's message, else names the field", () => {
    expect(dwellEditFailure(new ApiError(422, 'cannot be greater than 500'), 'Max')).toBe(
      'cannot be greater than 500',
    );
    expect(dwellEditFailure(new ApiError(422, ''), 'Max')).toBe('Error setting Max');
    expect(dwellEditFailure(new TypeError('Failed to fetch'), 'Min')).toBe('Error setting Min');
  });

  it('stays quiet where the shell already told the user', () => {
    expect(dwellEditFailure(new ApiError(500, 'Server Error'), 'Max')).toBeNull();
  });
});
