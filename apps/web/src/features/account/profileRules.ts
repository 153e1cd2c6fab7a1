export interface ProfileValues {
  name: string;
  email: string;
  phone: string;
  timezoneId: string | null;
}

/** Spec 002 §4.6: disabled while submitting or when email or time zone is empty. */
export function profileFormBlocked(values: ProfileValues, submitting: boolean): boolean {
  return submitting || values.email.trim() === '' || !values.timezoneId;
}
