import { describe, expect, it } from 'vitest';
import { NOT_READ_YET, serverFacts } from './server-facts';

const values = (facts: ReturnType<typeof serverFacts>) =>
  Object.fromEntries(facts.map(({ label, value }) => [label, value]));

describe('serverFacts', () => {
  it('says "not read yet" instead of zeros before an audit has read the server', () => {
    const facts = serverFacts({
      memberCount: 0,
      roleCount: null,
      channelCount: null,
      botCount: null,
      factsReadAt: null,
    });
    expect(values(facts)).toEqual({
      Members: NOT_READ_YET,
      Roles: NOT_READ_YET,
      Channels: NOT_READ_YET,
      Bots: NOT_READ_YET,
    });
  });

  it('shows the member count Discord gave with the server list before any audit', () => {
    const facts = serverFacts({
      memberCount: 1234,
      roleCount: null,
      channelCount: null,
      botCount: null,
      factsReadAt: null,
    });
    expect(values(facts)).toMatchObject({ Members: (1234).toLocaleString(), Roles: NOT_READ_YET });
  });

  it('shows real zeros once the server was read', () => {
    const facts = serverFacts({
      memberCount: 3,
      roleCount: 5,
      channelCount: 0,
      botCount: 0,
      factsReadAt: '2026-01-01T00:00:00.000Z',
    });
    expect(values(facts)).toEqual({ Members: '3', Roles: '5', Channels: '0', Bots: '0' });
  });
});
