/**
 * Text for pdfkit's standard fonts. Helvetica is a single-byte WinAnsi font: pdfkit writes any
 * character beyond it as a multi-byte code that renders as garbage, so Discord names with emoji,
 * CJK or rare accents must be reduced to what the font can draw. The PDF Info title keeps the
 * original text, since pdfkit stores Info strings as UTF-16.
 */

/** Characters above Latin-1 that WinAnsi (CP1252) still contains; pdfkit maps these itself. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Emoji and their glue (variation selectors, zero-width joiner, skin tones, tags) are dropped. */
const PICTOGRAPHIC =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\u{FE0E}|\u{FE0F}|\u{200D}|\u{20E3}|[\u{E0020}-\u{E007F}]/gu;
const COMBINING_MARK = /\p{Mn}/gu;
/** Latin letters that Unicode does not decompose into a base letter plus a mark. */
const LATIN_FALLBACKS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};
const REPLACEMENT = '?';

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function reduceChar(char: string): string {
  if (isWinAnsi(char)) return char;
  if (char === '\n') return char;
  if (/\s/u.test(char)) return ' ';
  const fallback = LATIN_FALLBACKS[char];
  if (fallback !== undefined) return fallback;
  // "ő" or "ł"-like letters often decompose into a WinAnsi base letter plus a mark.
  const decomposed = char.normalize('NFKD').replace(COMBINING_MARK, '');
  if (decomposed !== '' && [...decomposed].every(isWinAnsi)) return decomposed;
  return REPLACEMENT;
}

/** `text` reduced to characters Helvetica can draw, keeping line breaks; never longer in meaning. */
export function pdfSafeText(text: string): string {
  const withoutEmoji = text.normalize('NFC').replace(PICTOGRAPHIC, '');
  let out = '';
  for (const char of withoutEmoji) out += reduceChar(char);
  // Dropped emoji leave double spaces and edges ("🛡️ Guild" → " Guild").
  return out.replace(/[ \t]{2,}/g, ' ').replace(/^ +| +$/gm, '');
}

/** For names: like pdfSafeText, but a name that was only emoji still shows something. */
export function pdfSafeName(name: string, fallback: string): string {
  const safe = pdfSafeText(name).replace(/\s+/g, ' ').trim();
  return safe === '' || /^\?+$/.test(safe.replace(/\s/g, '')) ? fallback : safe;
}

/** Formats a timestamp the same way wherever a document is rendered (server time zones differ). */
export function formatDateTime(date: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(date);
  return `${formatted} UTC`;
}
