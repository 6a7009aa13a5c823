import { GuildNSFWLevel } from 'discord-api-types/v10';
import type {
  APIAutoModerationAction,
  APIAutoModerationRule,
  APIGuild,
  APIGuildIntegrationApplication,
  APIGuildOnboarding,
  APIGuildOnboardingPrompt,
  APIGuildOnboardingPromptOption,
  APIPartialEmoji,
} from 'discord-api-types/v10';
import type { SimulatedIntegration } from './types.js';

/**
 * Fields Discord sends that the fixtures leave out, added where objects leave the simulator so that every
 * fixture guild (present or future) answers in Discord's shape. discord-api-types omits several of them,
 * which is why the result types are widened here rather than in the fixtures.
 */

export type GuildResponse = APIGuild & { home_header: string | null; nsfw: boolean };

/**
 * `nsfw` is the legacy flag beside `nsfw_level`; `home_header` is the server-guide header image hash;
 * voice regions moved to channels, and guilds now answer `region: "deprecated"`.
 */
export function guildResponse(guild: APIGuild): GuildResponse {
  return {
    home_header: null,
    nsfw: guild.nsfw_level === GuildNSFWLevel.AgeRestricted,
    ...guild,
    region: guild.region ?? 'deprecated',
  };
}

/** Every AutoMod action carries `metadata`, empty (`{}`) when the action has no settings. */
export function autoModerationRuleResponse(rule: APIAutoModerationRule): APIAutoModerationRule {
  return {
    ...rule,
    actions: rule.actions.map((action): APIAutoModerationAction => ({ ...action, metadata: action.metadata ?? {} })),
  };
}

export type IntegrationApplicationResponse = APIGuildIntegrationApplication & {
  type: null;
  flags: number;
  flags_new: string;
};

/** An integration's application is a partial application object: `type` (null for bots), `flags` and `flags_new`. */
export function integrationResponse(integration: SimulatedIntegration): SimulatedIntegration {
  if (!integration.application) return integration;
  const application: IntegrationApplicationResponse = {
    type: null,
    flags: 0,
    flags_new: '0',
    ...integration.application,
  };
  return { ...integration, application };
}

export type SettingsEmoji = APIPartialEmoji & { animated: boolean };

/** Options without a description send an empty string; the option emoji always states `animated`. */
function onboardingOptionResponse(option: APIGuildOnboardingPromptOption): APIGuildOnboardingPromptOption {
  const emoji: SettingsEmoji = { ...option.emoji, animated: option.emoji.animated ?? false };
  return { ...option, description: option.description ?? '', emoji };
}

export function onboardingResponse(onboarding: APIGuildOnboarding): APIGuildOnboarding {
  return {
    ...onboarding,
    prompts: onboarding.prompts.map((prompt): APIGuildOnboardingPrompt => ({
      ...prompt,
      options: prompt.options.map(onboardingOptionResponse),
    })),
  };
}
