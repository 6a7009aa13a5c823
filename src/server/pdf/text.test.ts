import { describe, expect, it } from 'vitest';
import { pdfSafeName, pdfSafeText } from './text.js';

describe('pdfSafeText', () => {
  it('keeps ASCII, Latin-1 and the typographic characters of WinAnsi', () => {
    const text = 'Zürich café — “quoted” … 100 € • ±½ Ø ß';
    expect(pdfSafeText(text)).toBe(text);
  });

  it('drops emoji with their joiners and variation selectors, tidying the spaces left behind', () => {
    expect(pdfSafeText('🛡️ Citadel  👩‍💻 Lab ✨')).toBe('Citadel Lab');
  });

  it('reduces other Latin letters to their base letter and replaces what cannot be drawn', () => {
    expect(pdfSafeText('Łódź Kraków Ostrava Őrség')).toBe('Lódz Kraków Ostrava Orség');
    expect(pdfSafeText('日本 guild')).toBe('?? guild');
  });

  it('keeps line breaks and turns other whitespace into spaces', () => {
    expect(pdfSafeText('1. one\n2. two\u2003three')).toBe('1. one\n2. two three');
  });
});

describe('pdfSafeName', () => {
  it('falls back when nothing of the name can be drawn', () => {
    expect(pdfSafeName('🔥🔥', 'Server 42')).toBe('Server 42');
    expect(pdfSafeName('日本語', 'Server 42')).toBe('Server 42');
    expect(pdfSafeName(' Pixel\nPlaza ', 'Server 42')).toBe('Pixel Plaza');
  });
});
