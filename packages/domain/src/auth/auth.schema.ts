import { z } from 'zod';
import { FIELD_MESSAGES, MAX_ID, textSchema } from '../common/fields.schema';
import { isMaskedPhone } from '../phone/phone.rules';

/** Minimum password length (spec 002 §9). */
export const MIN_PASSWORD_LENGTH = 8;
/** Longest password accepted: argon2 hashes any length, this bounds the work of one request. */
export const PASSWORD_MAX = 1000;

export const MESSAGES = {
  passwordTooShort: 'Password must be at least 8 characters',
  passwordMismatch: 'The password confirmation does not match',
  emailRequired: 'email is required',
  notAnEmail: 'not an email',
  timezoneRequired: 'time zone is required',
  nameRequired: 'Name is required',
  phoneInvalid: 'not valid phone',
  passwordRequired: 'password is required',
  invalidCredentials: 'These credentials do not match our records.',
  tooManyAttempts: 'Too many attempts. Please try again in a minute.',
  resetTokenInvalid: 'This password reset link is invalid or has expired.',
  resetLinkSent: 'If that address has an account, we have e-mailed a password reset link.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is incorrect.',
  imitationCredentials:
    'While imitating a user, their password, e-mail and API token cannot be changed.',
} as const;

/** The 429 of a throttled login, with the wait rounded up to minutes. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 1) return MESSAGES.tooManyAttempts;
  return `Too many attempts. Please try again in ${minutes} minutes.`;
}

const email = textSchema({ max: 255, error: MESSAGES.emailRequired })
  .min(1, MESSAGES.emailRequired)
  .pipe(z.email({ error: MESSAGES.notAnEmail }));

export const loginRequestSchema = z.object({
  email,
  password: textSchema({ max: PASSWORD_MAX, trim: false, error: MESSAGES.passwordRequired }).min(
    1,
    MESSAGES.passwordRequired,
  ),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const tokenResponseSchema = z.object({ token: z.string() });

export const passwordSchema = textSchema({
  max: PASSWORD_MAX,
  trim: false,
  error: MESSAGES.passwordTooShort,
}).min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort);

export const passwordConfirmation = textSchema({
  max: PASSWORD_MAX,
  trim: false,
  error: MESSAGES.passwordMismatch,
});

/** POST /password: the current password, then the new one with its confirmation. */
export const passwordUpdateSchema = z
  .object({
    current_password: textSchema({
      max: PASSWORD_MAX,
      trim: false,
      error: MESSAGES.currentPasswordRequired,
    }).min(1, MESSAGES.currentPasswordRequired),
    password: passwordSchema,
    password_confirmation: passwordConfirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });
export type PasswordUpdate = z.infer<typeof passwordUpdateSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPassword = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: textSchema({ max: 255, trim: false, error: MESSAGES.resetTokenInvalid }).min(
      1,
      MESSAGES.resetTokenInvalid,
    ),
    email,
    password: passwordSchema,
    password_confirmation: passwordConfirmation,
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: MESSAGES.passwordMismatch,
    path: ['password_confirmation'],
  });
export type ResetPassword = z.infer<typeof resetPasswordSchema>;

/** Profile form of /account (spec 002 §2.4, §5). Phone is optional but, when given, complete. */
export const userUpdateSchema = z.object({
  name: textSchema({ max: 255, error: MESSAGES.nameRequired }).min(1, MESSAGES.nameRequired),
  email,
  phone: textSchema({ max: 32 })
    .nullish()
    .refine((v) => !v || isMaskedPhone(v) || /^\+?\d{10,11}$/.test(v), MESSAGES.phoneInvalid),
  timezone_id: z
    .number({ error: MESSAGES.timezoneRequired })
    .int()
    .positive()
    .max(MAX_ID, FIELD_MESSAGES.id),
});
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const temporaryTokenExchangeSchema = z.object({
  token: textSchema({ max: 255, trim: false }).min(1),
});
