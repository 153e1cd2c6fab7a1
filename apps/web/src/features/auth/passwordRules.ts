import { MESSAGES, MIN_PASSWORD_LENGTH } from '@waymark/domain';

/** Hints for a new password and its confirmation, as the user types (spec 002 §5). */
export function passwordHints(password: string, confirmation: string) {
  const tooShort = password.length < MIN_PASSWORD_LENGTH;
  const mismatch = confirmation.length > 0 && confirmation !== password;
  return {
    tooShort,
    mismatch,
    passwordHint: tooShort ? MESSAGES.passwordTooShort : null,
    confirmationError: mismatch ? MESSAGES.passwordMismatch : null,
    /** The pair can be sent: long enough and confirmed. */
    valid: !tooShort && confirmation === password,
  };
}
