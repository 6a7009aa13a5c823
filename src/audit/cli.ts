import { GuildFeature } from 'discord-api-types/v10';
import { readFile, writeFile } from 'node:fs/promises';
import { parseAuditSnapshot } from '../shared/audit-snapshot-schema.js';
import { parseCliArgs, USAGE } from './cli-options.js';
import { BotNotInGuildError, collectSnapshot, createBotRest, DEFAULT_DISCORD_API_URL } from './collector.js';
import { runAudit } from './engine.js';
import { formatReportText } from './report-text.js';

/** Exit code for bad arguments or an unreadable snapshot, so scripts can tell usage errors from failures. */
const USAGE_ERROR = 2;

async function readSnapshotFile(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8');
  return JSON.parse(text) as unknown;
}

async function auditFile(path: string, format: 'json' | 'text', ownerMfaEnabled: boolean | undefined): Promise<number> {
  let raw: unknown;
  try {
    raw = await readSnapshotFile(path);
  } catch (error) {
    console.error(`Cannot read snapshot ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return USAGE_ERROR;
  }
  const parsed = parseAuditSnapshot(raw);
  if (!parsed.ok) {
    console.error(`${path} is not a valid audit snapshot:\n  ${parsed.issues.join('\n  ')}`);
    return USAGE_ERROR;
  }
  const report = runAudit(parsed.snapshot, ownerMfaEnabled === undefined ? {} : { ownerMfaEnabled });
  process.stdout.write(
    format === 'json' ? `${JSON.stringify(report, null, 2)}\n` : formatReportText(report, parsed.snapshot),
  );
  return 0;
}

async function capture(guildId: string, outPath: string): Promise<number> {
  const token = process.env.DISCORD_BOT_TOKEN?.trim();
  if (!token) {
    console.error('DISCORD_BOT_TOKEN is not set; --capture needs the audit bot token.');
    return USAGE_ERROR;
  }
  const apiUrl = process.env.DISCORD_API_URL?.trim() || DEFAULT_DISCORD_API_URL;
  try {
    const { snapshot, restCalls } = await collectSnapshot({
      rest: createBotRest(token, apiUrl),
      botToken: token,
      guildId,
    });
    await writeFile(outPath, `${JSON.stringify(snapshot, null, 2)}\n`, 'utf8');
    // Welcome screen and onboarding exist only in community guilds; elsewhere null means "not asked".
    const community = snapshot.guild.features.includes(GuildFeature.Community);
    const communityOnly = new Set(['welcomeScreen', 'onboarding']);
    const unreadable = Object.entries(snapshot)
      .filter(([key, value]) => value === null && (community || !communityOnly.has(key)))
      .map(([key]) => key);
    console.info(`Saved ${snapshot.guild.name} (${guildId}) to ${outPath} with ${restCalls} REST calls.`);
    if (unreadable.length > 0) console.info(`Could not read (missing permission or intent): ${unreadable.join(', ')}.`);
    return 0;
  } catch (error) {
    if (error instanceof BotNotInGuildError) {
      console.error(error.message);
      return 1;
    }
    // Never echo the request: @discordjs/rest errors carry only the URL and Discord's message.
    console.error(`Capture failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    console.error(`${parsed.message}\n\n${USAGE}`);
    return USAGE_ERROR;
  }
  const { command } = parsed;
  if (command.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (command.kind === 'capture') return capture(command.guildId, command.outPath);
  return auditFile(command.snapshotPath, command.format, command.ownerMfaEnabled);
}

process.exitCode = await main(process.argv.slice(2));
