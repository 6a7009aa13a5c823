/** Public surface of the Discord simulator. */
export { discordSimulator } from './plugin.js';
export type { DiscordSimulatorOptions } from './plugin.js';
export { startDiscordSimulator } from './standalone.js';
export type { RunningDiscordSimulator, StandaloneSimulatorOptions } from './standalone.js';
export { createSimulatorState, SimulatorState } from './state.js';
export type { RequestLogEntry, SimulatorStateOptions } from './state.js';
export type { ForcedRateLimitOptions, RateLimitScope, RateLimitSettings } from './rate-limits.js';
export type { SimulatedGuild } from './simulated-guild.js';
export type { DemoAccount, GuildFixture, GuildToggles } from './types.js';
export * from './fixtures/index.js';
