import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * The mutable part of the simulator that survives a restart in demo mode: which guilds the audit bot was
 * invited to (or removed from) since the fixtures were built. `null` records a removal.
 */
const BotMembershipSchema = z.object({
  permissions: z.string().regex(/^\d+$/),
  installerId: z.string().regex(/^\d{1,20}$/),
  joinedAt: z.number().int().nonnegative(),
});
export type PersistedBotMembership = z.infer<typeof BotMembershipSchema>;

const PersistedStateSchema = z.object({
  version: z.literal(1),
  botMemberships: z.record(z.string(), BotMembershipSchema.nullable()),
});
export type PersistedState = z.infer<typeof PersistedStateSchema>;

export function emptyPersistedState(): PersistedState {
  return { version: 1, botMemberships: {} };
}

/** Reads the state file; a missing file is a fresh start, a corrupt one is reported and ignored. */
export function loadPersistedState(path: string, warn: (message: string) => void): PersistedState {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return emptyPersistedState();
    throw error;
  }
  try {
    return PersistedStateSchema.parse(JSON.parse(text));
  } catch (error) {
    warn(
      `Ignoring unreadable Discord simulator state at ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return emptyPersistedState();
  }
}

/** Writes atomically (temp file + rename) so a crash mid-write never leaves half a file. */
export function savePersistedState(path: string, state: PersistedState): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`, 'utf8');
  renameSync(temporary, path);
}
