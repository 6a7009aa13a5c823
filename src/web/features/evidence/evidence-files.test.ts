import { describe, expect, it } from 'vitest';
import { acceptFor, addFiles, filesFitting, formatFileSize, isImageFile, mediaTypeOf } from './evidence-files';

const MB = 1024 * 1024;
const file = (name: string, size: number, type = '') => ({ name, size, type });

describe('mediaTypeOf', () => {
  it('takes the browser type when it is allowed for the evidence type', () => {
    expect(mediaTypeOf(file('a.png', 10, 'image/png'), 'screenshot')).toBe('image/png');
    expect(mediaTypeOf(file('a.pdf', 10, 'application/pdf'), 'document')).toBe('application/pdf');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(mediaTypeOf(file('shot.JPG', 10), 'screenshot')).toBe('image/jpeg');
    expect(mediaTypeOf(file('roles.json', 10), 'document')).toBe('application/json');
  });

  it('refuses documents as screenshots and unknown kinds everywhere', () => {
    expect(mediaTypeOf(file('a.pdf', 10, 'application/pdf'), 'screenshot')).toBeNull();
    expect(mediaTypeOf(file('a.exe', 10, 'application/x-msdownload'), 'document')).toBeNull();
    expect(mediaTypeOf(file('noextension', 10), 'document')).toBeNull();
  });

  it('accepts images as documents too', () => {
    expect(mediaTypeOf(file('a.webp', 10, 'image/webp'), 'document')).toBe('image/webp');
    expect(isImageFile(file('a.webp', 10))).toBe(true);
    expect(isImageFile(file('a.txt', 10, 'text/plain'))).toBe(false);
  });
});

describe('addFiles', () => {
  it('adds allowed files and says why each other one was left out', () => {
    const result = addFiles(
      [],
      [file('ok.png', MB, 'image/png'), file('big.png', 6 * MB, 'image/png'), file('doc.pdf', 10, 'application/pdf')],
      'screenshot',
    );
    expect(result.files.map((item) => item.name)).toEqual(['ok.png']);
    expect(result.problems).toEqual([
      '"big.png" is 6.0 MB; each file may be at most 5 MB.',
      '"doc.pdf" is not a PNG, JPEG or WebP image.',
    ]);
  });

  it('accepts a file of exactly 5 MB and refuses empty files and duplicates', () => {
    const first = addFiles([], [file('edge.png', 5 * MB, 'image/png')], 'screenshot');
    expect(first.problems).toEqual([]);
    const second = addFiles(
      first.files,
      [file('edge.png', 5 * MB, 'image/png'), file('empty.png', 0, 'image/png')],
      'screenshot',
    );
    expect(second.files).toHaveLength(1);
    expect(second.problems).toEqual(['"edge.png" is already attached.', '"empty.png" is empty.']);
  });

  it('stops at five files a message', () => {
    const chosen = Array.from({ length: 4 }, (_, index) => file(`f${index}.txt`, 10, 'text/plain'));
    const result = addFiles(chosen, [file('five.txt', 10), file('six.txt', 10)], 'document');
    expect(result.files).toHaveLength(5);
    expect(result.problems).toEqual(['"six.txt" was not added: at most 5 files can be attached.']);
  });
});

describe('filesFitting and acceptFor', () => {
  it('keeps only images when switching to screenshots', () => {
    const files = [file('a.png', 1, 'image/png'), file('b.pdf', 1, 'application/pdf')];
    expect(filesFitting(files, 'screenshot').map((item) => item.name)).toEqual(['a.png']);
    expect(filesFitting(files, 'document')).toHaveLength(2);
  });

  it('names types and extensions for the file input', () => {
    expect(acceptFor('screenshot')).toBe('image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp');
    expect(acceptFor('document')).toContain('application/pdf');
    expect(acceptFor('document')).toContain('.json');
  });
});

describe('formatFileSize', () => {
  it('reads in bytes, kilobytes or megabytes', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(12_595)).toBe('12.3 KB');
    expect(formatFileSize(5 * MB)).toBe('5.0 MB');
  });
});
