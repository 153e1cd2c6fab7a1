/** Spec 001 §9: Scout's timings and sizes, from the chat contract; and the web's own keys. */
export {
  CHAT_TOAST_MS,
  CHAT_COPY_CONFIRM_MS as COPY_CONFIRM_MS,
  CHAT_HISTORY_SEARCH_DEBOUNCE_MS as HISTORY_SEARCH_DEBOUNCE_MS,
  CHAT_REALTIME_RETRY_MS as CHANNEL_RETRY_MS,
  CHAT_THINKING_PREVIEW_CHARS as THINKING_PREVIEW_CHARS,
  CHAT_INPUT_MIN_HEIGHT_PX as INPUT_MIN_HEIGHT,
  CHAT_INPUT_MAX_HEIGHT_PX as INPUT_MAX_HEIGHT,
} from '@waymark/domain';

/** The cookie (or local value) that reveals tool calls and results in messages. */
export const ALL_MESSAGES_VISIBLE_KEY = 'all_messages_visible';
