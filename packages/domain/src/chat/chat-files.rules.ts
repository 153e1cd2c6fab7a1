import {
  CHAT_FILE_EXTENSIONS,
  CHAT_FILE_MIME_TYPES,
  CHAT_MAX_FILE_BYTES,
  CHAT_MAX_FILES,
  CHAT_MESSAGES,
} from './chat.constants';

/** A file as the browser's File or the upload's part describes it. */
export interface ChatFileCandidate {
  name: string;
  size: number;
  /** The MIME type the browser or the multipart part gave; may be empty. */
  type?: string;
}

/** The lower-case ending of a file name without the dot, or '' without one. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Allowed by MIME type or by name (spec 001 §5 "by MIME or extension"). */
export function isAllowedChatFile(file: Pick<ChatFileCandidate, 'name' | 'type'>): boolean {
  const mime = (file.type ?? '').split(';')[0]!.trim().toLowerCase();
  return (
    (CHAT_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name)) ||
    (CHAT_FILE_MIME_TYPES as readonly string[]).includes(mime)
  );
}

/** The spec's message for a file that may not be attached, or undefined when it may. */
export function chatFileProblem(file: ChatFileCandidate): string | undefined {
  if (!isAllowedChatFile(file)) return CHAT_MESSAGES.fileNotSupported(file.name);
  if (file.size > CHAT_MAX_FILE_BYTES) return CHAT_MESSAGES.fileTooLarge(file.name);
  return undefined;
}

/** The spec's message when adding `adding` files to `attached` ones passes the limit of 5. */
export function chatFileCountProblem(attached: number, adding: number): string | undefined {
  return attached + adding > CHAT_MAX_FILES ? CHAT_MESSAGES.tooManyFiles : undefined;
}
