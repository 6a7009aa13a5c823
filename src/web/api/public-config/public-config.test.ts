import { describe, expect, it } from 'vitest';
import { buildBotInviteUrl } from './public-config';

const config = {
  discordClientId: '1234567890',
  discordAuthorizeUrl: 'https://discord.com/oauth2/authorize',
  botPermissions: { administrator: '8', leastPrivilege: '536872096' },
  simulatedWalletUrl: null,
  testAccountSignIn: false,
};

describe('buildBotInviteUrl', () => {
  it('invites the bot with Administrator to the chosen guild, guild selection locked', () => {
    expect(buildBotInviteUrl(config, '100000000000000001', 'administrator')).toBe(
      'https://discord.com/oauth2/authorize?client_id=1234567890&scope=bot%20applications.commands&permissions=8&guild_id=100000000000000001&disable_guild_select=true&integration_type=0',
    );
  });

  it('uses the least-privilege permission set when asked', () => {
    const url = new URL(buildBotInviteUrl(config, '42', 'leastPrivilege'));
    expect(url.searchParams.get('permissions')).toBe('536872096');
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    expect(url.searchParams.get('guild_id')).toBe('42');
  });

  it('works with the simulated Discord authorize page', () => {
    const url = new URL(
      buildBotInviteUrl(
        { ...config, discordAuthorizeUrl: 'http://localhost:5000/_sim/discord/oauth2/authorize' },
        '7',
        'administrator',
      ),
    );
    expect(url.pathname).toBe('/_sim/discord/oauth2/authorize');
    expect(url.searchParams.get('integration_type')).toBe('0');
  });
});
