import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors';
import { submitFailureToast } from './evidence-errors';
import { countEvidence, jsonProblem, prettyJson, previewOf } from './evidence-text';

describe('prettyJson and jsonProblem', () => {
  it('pretty-prints JSON and gives null for anything else', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(prettyJson('not json')).toBeNull();
  });

  it('says inline when configuration data does not parse, and nothing while it is empty or valid', () => {
    expect(jsonProblem('{"verificationLevel": 3}')).toBeNull();
    expect(jsonProblem('   ')).toBeNull();
    expect(jsonProblem('{"verificationLevel": }')).toMatch(/^Configuration data must be valid JSON/);
  });
});

describe('previewOf', () => {
  it('keeps 200 characters and marks the cut', () => {
    expect(previewOf('short')).toBe('short');
    expect(previewOf('x'.repeat(200))).toBe('x'.repeat(200));
    expect(previewOf('x'.repeat(201))).toBe(`${'x'.repeat(200)}…`);
  });

  it('never cuts a character in half', () => {
    const preview = previewOf('🔒'.repeat(250));
    expect(Array.from(preview)).toHaveLength(201);
  });
});

describe('countEvidence', () => {
  it('counts total, pending, approved and rejected', () => {
    const statuses = ['PENDING', 'APPROVED', 'PENDING', 'REJECTED'] as const;
    expect(countEvidence(statuses.map((status) => ({ status })))).toEqual({
      total: 4,
      pending: 2,
      approved: 1,
      rejected: 1,
    });
    expect(countEvidence([])).toEqual({ total: 0, pending: 0, approved: 0, rejected: 0 });
  });
});

describe('submitFailureToast', () => {
  it('tells an expired session apart from other failures', () => {
    const expired = submitFailureToast(new ApiError(401, '', 'Unauthorized'));
    expect(expired.title).toBe('Authentication Required');
    expect(expired.description).toBe(
      'Your session has expired. Please refresh the page and log in again, then try submitting evidence.',
    );
  });

  it("shows the server's message, or the default", () => {
    const body = JSON.stringify({ error: { code: 'THREAD_RESOLVED', message: 'This thread is resolved.' } });
    expect(submitFailureToast(new ApiError(409, body, 'Conflict'))).toEqual({
      title: 'Submission Failed',
      description: 'This thread is resolved.',
      variant: 'destructive',
    });
    expect(submitFailureToast(new TypeError('Failed to fetch')).description).toBe('Failed to submit evidence');
  });
});
