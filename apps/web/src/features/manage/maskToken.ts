const SHOWN = 4;

/**
 * A token as the page shows it until revealed: bullets, then its last four characters (enough
 * to tell two tokens apart, never enough to use one).
 */
export function maskToken(token: string): string {
  if (token.length <= SHOWN) return '•'.repeat(token.length);
  return '•'.repeat(token.length - SHOWN) + token.slice(-SHOWN);
}
