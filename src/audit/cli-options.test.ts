import { describe, expect, it } from 'vitest';
import { parseCliArgs } from './cli-options.js';

describe('parseCliArgs', () => {
  it.each([
    [['--snapshot', 'a.json'], { kind: 'audit', snapshotPath: 'a.json', format: 'json', ownerMfaEnabled: undefined }],
    [
      ['--snapshot', 'a.json', '--format', 'text'],
      { kind: 'audit', snapshotPath: 'a.json', format: 'text', ownerMfaEnabled: undefined },
    ],
    [
      ['--snapshot', 'a.json', '--owner-mfa', 'enabled'],
      { kind: 'audit', snapshotPath: 'a.json', format: 'json', ownerMfaEnabled: true },
    ],
    [
      ['--capture', '123456789012345678', '--out', 'g.json'],
      { kind: 'capture', guildId: '123456789012345678', outPath: 'g.json' },
    ],
    [['--help'], { kind: 'help' }],
  ])('accepts %j', (argv, command) => {
    expect(parseCliArgs(argv)).toEqual({ ok: true, command });
  });

  it.each([
    [[], 'Give --snapshot FILE'],
    [['--snapshot'], 'argument missing'],
    [['--snapshot', 'a.json', '--format', 'xml'], '--format must be json or text'],
    [['--snapshot', 'a.json', '--owner-mfa', 'yes'], '--owner-mfa must be enabled or disabled'],
    [['--snapshot', 'a.json', '--out', 'b.json'], '--out applies to --capture only'],
    [['--capture', 'abc', '--out', 'g.json'], 'needs a guild id'],
    [['--capture', '123'], 'needs --out FILE'],
    [['--capture', '123', '--out', 'g.json', '--format', 'text'], 'apply to --snapshot only'],
    [['--snapshot', 'a.json', '--capture', '123'], 'not both'],
    [['--bogus'], "Unknown option '--bogus'"],
    [['stray'], 'stray'],
  ])('rejects %j with a clear message', (argv, message) => {
    const result = parseCliArgs(argv);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });
});
