import { describe, expect, it } from 'vitest';
import { attachmentDisposition, sanitiseFileName } from './file-name.js';

describe('sanitiseFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['C:\\Users\\me\\Desktop\\shot.png', 'shot.png'],
    ['../../etc/passwd', 'passwd'],
    ['"quoted" <name>?.txt', 'quoted name.txt'],
    ['tab\tand\nnewline.txt', 'tab and newline.txt'],
    ['...hidden', 'hidden'],
    ['', 'file'],
    [undefined, 'file'],
    ['\u0000\u0001', 'file'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseFileName(input)).toBe(expected);
  });

  it('cuts a long name to 120 characters and keeps its extension', () => {
    const name = sanitiseFileName(`${'é'.repeat(200)}.json`);
    expect([...name]).toHaveLength(120);
    expect(name.endsWith('é.json')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII fallback and the exact name encoded as UTF-8', () => {
    expect(attachmentDisposition("Rôle's (1).png")).toBe(
      `attachment; filename="R_le's (1).png"; filename*=UTF-8''R%C3%B4le%27s%20%281%29.png`,
    );
  });

  it('never lets a quote or backslash end the quoted fallback', () => {
    expect(attachmentDisposition('a\\b.txt')).toBe(`attachment; filename="a_b.txt"; filename*=UTF-8''a%5Cb.txt`);
  });
});
