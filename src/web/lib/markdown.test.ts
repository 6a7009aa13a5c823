import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseInline', () => {
  it('reads bold, code and http(s) links, and keeps the rest as text', () => {
    expect(parseInline('Open **Server Settings** > `Roles`, see [docs](https://support.discord.com/x).')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'strong', text: 'Server Settings' },
      { kind: 'text', text: ' > ' },
      { kind: 'code', text: 'Roles' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'docs', href: 'https://support.discord.com/x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes a link of a javascript: or relative address, and leaves HTML as text', () => {
    expect(parseInline('[x](javascript:alert(1)) <img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '[x](javascript:alert(1)' },
      { kind: 'text', text: ') <img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('parseMarkdown', () => {
  it('splits headings, paragraphs and both kinds of list', () => {
    const source = [
      '## Why',
      'Compromised admins',
      'wipe servers.',
      '',
      '1. Open settings',
      '2. Turn on **2FA**',
      '   for moderators',
      '- Re-audit',
    ].join('\n');
    expect(parseMarkdown(source)).toEqual([
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Why' }] },
      { kind: 'paragraph', content: [{ kind: 'text', text: 'Compromised admins wipe servers.' }] },
      {
        kind: 'list',
        ordered: true,
        items: [
          [{ kind: 'text', text: 'Open settings' }],
          [
            { kind: 'text', text: 'Turn on ' },
            { kind: 'strong', text: '2FA' },
            { kind: 'text', text: ' for moderators' },
          ],
        ],
      },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'Re-audit' }]] },
    ]);
  });

  it('caps heading levels at 3 and ignores blank input', () => {
    expect(parseMarkdown('#### Deep')[0]).toMatchObject({ kind: 'heading', level: 3 });
    expect(parseMarkdown('\n\n')).toEqual([]);
  });
});
