import { describe, expect, it } from 'vitest';
import { MIN_PEERS } from '../../../../shared/monitoring-rules';
import { bandLabel, peerPassSentence, peerPassShares, peerStandingSentence } from './peer-comparison';

describe('peer comparison wording', () => {
  it('names the band in words, whether given its id or its label', () => {
    expect(bandLabel('s')).toBe('100–999 members');
    expect(bandLabel('100–999 members')).toBe('100–999 members');
  });

  it("states the score's standing with the band and the number of peers", () => {
    expect(peerStandingSentence({ band: 's', peerCount: 14, percentile: 72, checks: [] })).toBe(
      'Your score is higher than 72% of servers your size (100–999 members, 14 servers)',
    );
    expect(peerPassSentence(82)).toBe('82% of servers your size pass this');
  });

  it('gives each check its pass share, and none at all when there are too few peers', () => {
    const shares = peerPassShares({
      minimumPeers: MIN_PEERS,
      peers: {
        band: 'm',
        peerCount: 10,
        percentile: 50,
        checks: [
          { checkId: 'VERIFICATION_LEVEL', passShare: 82 },
          { checkId: 'WEBHOOK_SECURITY', passShare: 0 },
        ],
      },
    });
    expect([...shares]).toEqual([
      ['VERIFICATION_LEVEL', 82],
      ['WEBHOOK_SECURITY', 0],
    ]);
    expect(peerPassShares({ minimumPeers: MIN_PEERS, peers: null }).size).toBe(0);
    expect(peerPassShares(undefined).size).toBe(0);
  });
});
