import { describe, expect, it } from 'vitest';
import { overrideRequest, toggleRequest } from './override-request';

describe('overrideRequest', () => {
  it('sends Pass and Waived as WAIVED, with the notes as the reason', () => {
    expect(overrideRequest('PASS', '  Verified on a call  ')).toEqual({
      status: 'WAIVED',
      waiveReason: 'Verified on a call',
    });
    expect(overrideRequest('WAIVED', 'Accepted risk')).toEqual({ status: 'WAIVED', waiveReason: 'Accepted risk' });
  });

  it('gives a waiver a reason even without notes', () => {
    expect(overrideRequest('PASS', '')).toEqual({ status: 'WAIVED', waiveReason: 'Marked as passed by Rampart staff' });
    expect(overrideRequest('WAIVED', ' ')).toEqual({ status: 'WAIVED', waiveReason: 'Waived by Rampart staff' });
  });

  it('sends Fail as FAIL', () => {
    expect(overrideRequest('FAIL', '')).toEqual({ status: 'FAIL', waiveReason: null });
    expect(overrideRequest('FAIL', 'Evidence was wrong')).toEqual({
      status: 'FAIL',
      waiveReason: 'Evidence was wrong',
    });
  });
});

describe('toggleRequest', () => {
  it('sends WAIVED when switched on and FAIL when switched off', () => {
    expect(toggleRequest(true).status).toBe('WAIVED');
    expect(toggleRequest(false)).toEqual({ status: 'FAIL', waiveReason: null });
  });
});
