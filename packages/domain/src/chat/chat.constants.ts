/**
 * Scout's constants and texts (spec 001 §2, §3, §5, §8, §9), shared by the server (checks,
 * answers) and the web (the chat sidebar). Texts are the spec's, verbatim, where it gives them.
 */

/** One choice of the model selector (spec 001 §3 "AI model options"). */
export interface AiModelOption {
  /** Sent as `model` in the create-dialog and send-message calls. */
  id: string;
  label: string;
  /** Which provider family runs it; an OpenAI-compatible base URL takes the OpenAI ids. */
  provider: 'anthropic' | 'openai';
}

/** The AI model options of spec 001 §3, in its order; the default is the first. */
export const AI_MODEL_OPTIONS: readonly AiModelOption[] = [
  { id: 'claude-sonnet-4-0', label: 'Claude Sonnet 4', provider: 'anthropic' },
  { id: 'claude-3-7-sonnet-latest', label: 'Claude Sonnet 3.7', provider: 'anthropic' },
  { id: 'claude-3-haiku-20240307', label: 'Claude Haiku 3', provider: 'anthropic' },
  { id: 'claude-opus-4-1', label: 'Claude Opus 4.1', provider: 'anthropic' },
  { id: 'claude-opus-4-0', label: 'Claude Opus 4', provider: 'anthropic' },
  { id: 'gpt-5', label: 'GPT-5', provider: 'openai' },
  { id: 'gpt-5-mini', label: 'GPT-5 mini', provider: 'openai' },
  { id: 'gpt-5-nano', label: 'GPT-5 nano', provider: 'openai' },
  { id: 'gpt-4.1', label: 'GPT-4.1', provider: 'openai' },
  { id: 'gpt-4.1-mini', label: 'GPT-4.1 mini', provider: 'openai' },
  { id: 'o1', label: 'O1', provider: 'openai' },
  { id: 'o1-pro', label: 'O1 pro', provider: 'openai' },
  { id: 'o3', label: 'O3', provider: 'openai' },
  { id: 'o3-pro', label: 'O3 pro', provider: 'openai' },
  { id: 'o3-mini', label: 'O3 mini', provider: 'openai' },
  { id: 'gpt-4o', label: 'GPT-4O', provider: 'openai' },
  { id: 'o4-mini', label: 'O4 mini', provider: 'openai' },
];
export const DEFAULT_AI_MODEL_ID = AI_MODEL_OPTIONS[0]!.id;
export const AI_MODEL_IDS = AI_MODEL_OPTIONS.map((option) => option.id);

/** Spec 001 §5, §9: at most 5 files per message, 32 MB each. */
export const CHAT_MAX_FILES = 5;
export const CHAT_MAX_FILE_MB = 32;
export const CHAT_MAX_FILE_BYTES = CHAT_MAX_FILE_MB * 1024 * 1024;

/** The allowed file name endings (spec 001 §5), lower case, without the dot. */
export const CHAT_FILE_EXTENSIONS = [
  'txt',
  'csv',
  'md',
  'json',
  'xml',
  'yaml',
  'yml',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'pdf',
] as const;

/** The allowed MIME types, the same formats as CHAT_FILE_EXTENSIONS. */
export const CHAT_FILE_MIME_TYPES = [
  'text/plain',
  'text/csv',
  'text/markdown',
  'text/x-markdown',
  'application/json',
  'application/xml',
  'text/xml',
  'application/yaml',
  'application/x-yaml',
  'text/yaml',
  'text/x-yaml',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const;

/** Longest message a user may send, and longest title and feedback comment (ours). */
export const CHAT_MESSAGE_MAX = 10_000;
export const DIALOG_TITLE_MAX = 255;
export const FEEDBACK_COMMENT_MAX = 2_000;

/** Spec 001 §9 chat timings and sizes the web uses. */
export const CHAT_HISTORY_SEARCH_DEBOUNCE_MS = 400;
export const CHAT_TOAST_MS = 5_000;
export const CHAT_COPY_CONFIRM_MS = 2_000;
export const CHAT_REALTIME_RETRY_MS = 2_000;
export const CHAT_THINKING_PREVIEW_CHARS = 60;
export const CHAT_INPUT_MIN_HEIGHT_PX = 20;
export const CHAT_INPUT_MAX_HEIGHT_PX = 160;
export const CHAT_HISTORY_PAGE_SIZE = 24;

/**
 * The two suggested questions of the newDialog tab (spec 001 §2); the offline model answers
 * both.
 */
export const SCOUT_SUGGESTED_QUESTIONS = [
  'Which devices have not moved in 24 hours?',
  'Which devices are outside a geofence?',
] as const;

/** Texts of the chat (spec 001 §2, §5, §8 verbatim; the ones marked "ours" it does not show). */
export const CHAT_MESSAGES = {
  untitled: 'Untitled Conversation',
  newConversation: 'New Conversation',
  history: 'Conversation History',
  newChat: 'New Chat',
  historyButton: 'History',
  today: 'Today',
  yesterday: 'Yesterday',
  thinking: 'Thinking',
  thoughtFor: (duration: string) => `Thought for ${duration}`,
  lessThanOneSecond: 'less than 1 second',
  tooManyFiles: 'Maximum 5 files allowed per message.',
  fileTooLarge: (name: string) => `File ${name} is too large. Maximum size is 32MB.`,
  fileNotSupported: (name: string) =>
    `File ${name} is not supported. Allowed formats: TXT, CSV, MD, JSON, XML, YAML, JPG, PNG, GIF, WEBP, PDF.`,
  uploadFailed: (name: string) => `Failed to upload ${name}`,
  downloadError: 'Error downloading file',
  deleteConfirm: 'Are you sure you want to delete this dialog?',
  deleteSuccess: 'Dialog deleted successfully',
  deleteFailure: 'Failed to delete dialog',
  unsupportedAction: (name: string) => `The ${name} is not yet supported.`,
  // Ours: the spec shows no text for these.
  messageRequired: 'message is required',
  titleRequired: 'title is required',
  fileRequired: 'file is required',
  unknownModel: 'model must be one of the AI model options',
  unknownFile: 'files must be files you uploaded',
  rateInvalid: 'rate must be 1 (good) or -1 (bad)',
  fileContentMismatch: (name: string) =>
    `File ${name} is not supported. Its content does not match its type.`,
} as const;
