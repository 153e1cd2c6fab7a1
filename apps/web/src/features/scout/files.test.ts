import { describe, expect, it } from 'vitest';
import { checkPickedFiles, uploadErrorMessage } from './files';

const file = (name: string, size = 1000, type = '') => ({ name, size, type });

describe('checkPickedFiles', () => {
  it('takes nothing past five files a message', () => {
    const picked = [file('a.txt'), file('b.txt')];
    expect(checkPickedFiles(4, picked)).toEqual({
      accepted: [],
      errors: ['Maximum 5 files allowed per message.'],
    });
    expect(checkPickedFiles(3, picked).accepted).toHaveLength(2);
  });

  it('names each file too large or of a format not allowed, and keeps the others', () => {
    const result = checkPickedFiles(0, [
      file('big.pdf', 32 * 1024 * 1024 + 1),
      file('exact.pdf', 32 * 1024 * 1024),
      file('run.sh'),
      file('photo', 10, 'image/webp'),
    ]);
    expect(result.accepted.map((f) => f.name)).toEqual(['exact.pdf', 'photo']);
    expect(result.errors).toEqual([
      'File big.pdf is too large. Maximum size is 32MB.',
      'File run.sh is not supported. Allowed formats: TXT, CSV, MD, JSON, XML, YAML, JPG, PNG, GIF, WEBP, PDF.',
    ]);
  });
});

describe('uploadErrorMessage', () => {
  it("prefers the server's message, then its file error, then names the file", () => {
    expect(uploadErrorMessage('a.txt', { message: 'Disk full' })).toBe('Disk full');
    expect(uploadErrorMessage('a.txt', { message: '', errors: { file: ['Bad file'] } })).toBe(
      'Bad file',
    );
    expect(uploadErrorMessage('a.txt', null)).toBe('Failed to upload a.txt');
  });
});
