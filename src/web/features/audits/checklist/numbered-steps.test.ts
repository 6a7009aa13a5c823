import { describe, expect, it } from 'vitest';
import { numberedSteps } from './numbered-steps';

describe('numberedSteps', () => {
  it('splits an inline numbered remediation into its steps', () => {
    expect(numberedSteps('1. Export the server. 2. Keep a copy of permissions. 3. Test a restore.')).toEqual([
      'Export the server.',
      'Keep a copy of permissions.',
      'Test a restore.',
    ]);
  });

  it('keeps numbers that are not step markers inside a step', () => {
    expect(numberedSteps('1. Wait 10 minutes. 2. Use version 2.5 or later.')).toEqual([
      'Wait 10 minutes.',
      'Use version 2.5 or later.',
    ]);
  });

  it('leaves prose alone', () => {
    expect(numberedSteps('Server Settings > Safety Setup > Verification Level: choose at least Medium.')).toBeNull();
    expect(numberedSteps('Turn on 2FA. 2. Then review roles.')).toBeNull();
    expect(numberedSteps('1. Only one step.')).toBeNull();
    expect(numberedSteps('1. First. 3. Skipped a number.')).toBeNull();
  });
});
