import { ALL_MESSAGES_VISIBLE_KEY } from './constants';

/**
 * Spec 001 §4: tool calls and results show in messages when all_messages_visible is 'true',
 * as a cookie or a local value (support turns it on to see what Scout did).
 */
export function allMessagesVisible(): boolean {
  const cookie = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${ALL_MESSAGES_VISIBLE_KEY}=`))
    ?.slice(ALL_MESSAGES_VISIBLE_KEY.length + 1);
  let local: string | null = null;
  try {
    local = window.localStorage.getItem(ALL_MESSAGES_VISIBLE_KEY);
  } catch {
    // Storage may be blocked; the cookie still counts.
  }
  return cookie === 'true' || local === 'true';
}
