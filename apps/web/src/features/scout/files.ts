import {
  CHAT_FILE_EXTENSIONS,
  CHAT_FILE_MIME_TYPES,
  CHAT_MESSAGES,
  chatFileCountProblem,
  chatFileProblem,
  type ChatFileCandidate,
} from '@waymark/domain';

/** For the file picker's `accept`: the formats of spec 001 §5. */
export const ACCEPTED_FILES = [
  ...CHAT_FILE_EXTENSIONS.map((e) => `.${e}`),
  ...CHAT_FILE_MIME_TYPES,
].join(',');

/**
 * Which of the picked files may join the `attached` ones, and the toasts for the rest (spec
 * 001 §5): past the limit of five nothing new is taken; each too large or unsupported file is
 * named.
 */
export function checkPickedFiles<F extends ChatFileCandidate>(
  attached: number,
  picked: readonly F[],
): { accepted: F[]; errors: string[] } {
  const tooMany = chatFileCountProblem(attached, picked.length);
  if (tooMany) return { accepted: [], errors: [tooMany] };
  const accepted: F[] = [];
  const errors: string[] = [];
  for (const file of picked) {
    const problem = chatFileProblem(file);
    if (problem) errors.push(problem);
    else accepted.push(file);
  }
  return { accepted, errors };
}

/**
 * The toast for a failed upload (spec 001 §8): the server's message, else its first
 * errors.file entry, else 'Failed to upload {name}'.
 */
export function uploadErrorMessage(
  name: string,
  error: { message?: string; errors?: Record<string, string[]> } | null,
): string {
  return error?.message || error?.errors?.file?.[0] || CHAT_MESSAGES.uploadFailed(name);
}
