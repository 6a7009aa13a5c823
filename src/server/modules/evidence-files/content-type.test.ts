import { describe, expect, it } from 'vitest';
import { detectMediaType } from './content-type.js';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('detectMediaType', () => {
  it.each([
    ['PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'image/png'],
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xdb, 0), 'image/jpeg'],
    ['WebP', text('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
    ['PDF', text('%PDF-1.4\n'), 'application/pdf'],
    ['a JSON object', text('{"a": [1, 2]}'), 'application/json'],
    ['a JSON array with a byte-order mark', text('\uFEFF [1]'), 'application/json'],
    ['plain text with tab, CR and LF', text('line\tone\r\nline two\n'), 'text/plain'],
    ['a bare JSON number (a note, not configuration)', text('42'), 'text/plain'],
    ['broken JSON', text('{"a": '), 'text/plain'],
    ['UTF-8 text', text('Vérifié ✓'), 'text/plain'],
  ])('%s → %s', (_name, content, expected) => {
    expect(detectMediaType(content)).toBe(expected);
  });

  it.each([
    ['a Windows executable', bytes(0x4d, 0x5a, 0x90, 0x00, 0x03)],
    ['a ZIP archive', bytes(0x50, 0x4b, 0x03, 0x04, 0x14)],
    ['a GIF', text('GIF89a\u0001\u0000')],
    ['text with a NUL', text('a\u0000b')],
    ['text with an escape character', text('colour \u001b[31m red')],
    ['invalid UTF-8', bytes(0x61, 0xc3, 0x28)],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e)],
  ])('refuses %s', (_name, content) => {
    expect(detectMediaType(content)).toBeNull();
  });
});
