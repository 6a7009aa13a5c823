import type { CertificateStatus } from '../../../shared/certificate-rules.js';

/**
 * The embeddable badge of /badge/{certificateId}.svg: "Rampart | <status>" in the style of the usual
 * README badges, readable by screen readers (role=img, a <title> and an aria-label). An id that is not
 * ours still gets a badge, saying "not found", so a page embedding a mistyped id shows why.
 */

export type BadgeLabel = CertificateStatus | 'not found';

/** Green only for a valid certificate; amber while it waits; red when it no longer certifies anything. */
const COLOURS: Record<BadgeLabel, string> = {
  issued: '#15803d',
  pending: '#b45309',
  expired: '#b91c1c',
  revoked: '#b91c1c',
  rejected: '#b91c1c',
  superseded: '#475569',
  'not found': '#475569',
};

const LABEL = 'Rampart';
const LABEL_COLOUR = '#1e293b';
const HEIGHT = 20;
/** Verdana 11px averages about 7 px a character; the padding leaves room either side. */
const textWidth = (text: string) => Math.round(text.length * 7) + 12;

export function badgeSvg(label: BadgeLabel): string {
  const left = textWidth(LABEL);
  const right = textWidth(label);
  const width = left + right;
  const title = `Rampart certificate: ${label}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${left}" height="${HEIGHT}" fill="${LABEL_COLOUR}"/>`,
    `<rect x="${left}" width="${right}" height="${HEIGHT}" fill="${COLOURS[label]}"/>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">`,
    `<text x="${left / 2}" y="14">${LABEL}</text>`,
    `<text x="${left + right / 2}" y="14">${label}</text>`,
    `</g></svg>`,
  ].join('');
}
