/** The package ships its zod schemas as plain JavaScript; only what the conformance test reads is declared. */
declare module 'discord-api-spec/zod' {
  import type { ZodMiniObject, ZodMiniType } from 'zod/mini';

  export const ErrorResponseSchema: ZodMiniType;
  export const GuildChannelResponseSchema: ZodMiniObject;
  export const RatelimitedResponseSchema: ZodMiniType;
}
