import { fileTypeFromBuffer } from 'file-type';
import { CHAT_MESSAGES, chatFileProblem, fileExtension } from '@waymark/domain';

/** The binary formats Scout takes, by the type their content shows, with their name endings. */
const BINARY_TYPES: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
};

/** Text formats have no signature: their ending names them, their bytes must be text. */
const TEXT_TYPES: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

const TYPE_OF_BINARY_ENDING: Record<string, string> = Object.fromEntries(
  Object.entries(BINARY_TYPES).flatMap(([type, endings]) => endings.map((e) => [e, type])),
);

/** True for bytes that read as UTF-8 text (no NUL, no invalid sequences). */
function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The MIME type an uploaded file is stored with, or the spec's message (spec 001 §5) when it
 * may not be attached. Checked by name and declared type as the app does, and then by content:
 * an image or PDF must carry its signature and a text format must be text, so a renamed
 * program is refused whatever it is called.
 */
export async function checkChatFile(file: {
  name: string;
  size: number;
  type: string;
  bytes: Buffer;
}): Promise<{ mimeType: string } | { problem: string }> {
  const problem = chatFileProblem(file);
  if (problem) return { problem };
  const ending = fileExtension(file.name);
  const detected = await fileTypeFromBuffer(file.bytes);
  if (detected && BINARY_TYPES[detected.mime]) {
    // A picture or PDF named as one of the other binary formats is still refused.
    const named = TYPE_OF_BINARY_ENDING[ending];
    if (named && named !== detected.mime)
      return { problem: CHAT_MESSAGES.fileContentMismatch(file.name) };
    return { mimeType: detected.mime };
  }
  if (detected && detected.mime !== 'application/xml') {
    return { problem: CHAT_MESSAGES.fileNotSupported(file.name) };
  }
  if (!isText(file.bytes)) return { problem: CHAT_MESSAGES.fileNotSupported(file.name) };
  if (TYPE_OF_BINARY_ENDING[ending])
    return { problem: CHAT_MESSAGES.fileContentMismatch(file.name) };
  return { mimeType: TEXT_TYPES[ending] ?? 'text/plain' };
}
