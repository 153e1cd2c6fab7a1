/** Input mask for US phone numbers (spec 002 §5, 000 §5). */
export const PHONE_MASK = '(000) 000-0000';
/** A fully typed masked phone number has exactly this many characters. */
export const PHONE_MASKED_LENGTH = 14;

/** Digits of a phone number, with a leading US country code (+1) dropped. */
export function phoneDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Formats a phone number as (000) 000-0000, dropping a leading +1 (spec 000 §2.5).
 * Numbers that are not 10 digits after that are returned as they came, so nothing is lost.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phoneDigits(phone);
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** True when the value is a complete masked phone number. */
export function isMaskedPhone(value: string): boolean {
  return value.length === PHONE_MASKED_LENGTH && /^\(\d{3}\) \d{3}-\d{4}$/.test(value);
}
