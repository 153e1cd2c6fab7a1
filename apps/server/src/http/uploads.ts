import type { MultipartFile } from '@fastify/multipart';
import { badRequest, type DomainError } from '../errors/domain-error';

/** The answer to an upload whose body stopped before its end: the client's doing, a 400. */
export const UPLOAD_CUT_SHORT =
  'The upload ended before the whole file arrived. Please send it again.';

/**
 * The bytes of an uploaded file part, read whole before anything is stored, so an upload that
 * stops midway leaves no partial file. Over the size limit: the caller's 422 (`tooLarge`). A
 * body cut short (a truncated multipart body, or a client gone mid-upload): 400, never logged as
 * a server error, since reading a request stream fails only for what the client sent.
 */
export async function fileBytes(part: MultipartFile, tooLarge: () => DomainError): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw badRequest(UPLOAD_CUT_SHORT);
  }
}
