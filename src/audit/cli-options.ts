import { parseArgs } from 'node:util';

export type CliCommand =
  | { kind: 'audit'; snapshotPath: string; format: 'json' | 'text'; ownerMfaEnabled: boolean | undefined }
  | { kind: 'capture'; guildId: string; outPath: string }
  | { kind: 'help' };

export type CliParseResult = { ok: true; command: CliCommand } | { ok: false; message: string };

export const USAGE = `Usage:
  npm run audit -- --snapshot FILE [--format json|text] [--owner-mfa enabled|disabled]
      Audit a saved snapshot and print the result (JSON by default).
  npm run audit -- --capture GUILD_ID --out FILE
      Read a guild from Discord with the bot token in DISCORD_BOT_TOKEN
      (API base DISCORD_API_URL, default https://discord.com/api) and save its snapshot.`;

const SNOWFLAKE = /^\d{1,20}$/;

/** Turns argv into one command, or a message that says exactly what is wrong. */
export function parseCliArgs(argv: readonly string[]): CliParseResult {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        snapshot: { type: 'string' },
        format: { type: 'string' },
        'owner-mfa': { type: 'string' },
        capture: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { ok: true, command: { kind: 'help' } };

  if (values.snapshot !== undefined && values.capture !== undefined) {
    return { ok: false, message: 'Use either --snapshot or --capture, not both.' };
  }
  if (values.capture !== undefined) {
    if (!SNOWFLAKE.test(values.capture))
      return { ok: false, message: `--capture needs a guild id (digits), got "${values.capture}".` };
    if (!values.out) return { ok: false, message: '--capture needs --out FILE to write the snapshot to.' };
    if (values.format !== undefined || values['owner-mfa'] !== undefined) {
      return { ok: false, message: '--format and --owner-mfa apply to --snapshot only.' };
    }
    return { ok: true, command: { kind: 'capture', guildId: values.capture, outPath: values.out } };
  }
  if (values.snapshot === undefined || values.snapshot === '') {
    return {
      ok: false,
      message: 'Give --snapshot FILE to audit a snapshot, or --capture GUILD_ID --out FILE to save one.',
    };
  }
  if (values.out !== undefined) return { ok: false, message: '--out applies to --capture only.' };
  const format = values.format ?? 'json';
  if (format !== 'json' && format !== 'text')
    return { ok: false, message: `--format must be json or text, got "${format}".` };
  const ownerMfa = values['owner-mfa'];
  if (ownerMfa !== undefined && ownerMfa !== 'enabled' && ownerMfa !== 'disabled') {
    return { ok: false, message: `--owner-mfa must be enabled or disabled, got "${ownerMfa}".` };
  }
  return {
    ok: true,
    command: {
      kind: 'audit',
      snapshotPath: values.snapshot,
      format,
      ownerMfaEnabled: ownerMfa === undefined ? undefined : ownerMfa === 'enabled',
    },
  };
}
