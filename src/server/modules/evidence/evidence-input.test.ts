import { describe, expect, it } from 'vitest';
import type { AttachmentInput } from '../../../shared/contracts/evidence.js';
import { MANUAL_CHECKLISTS } from '../../../shared/evidence-rules.js';
import {
  ACKNOWLEDGMENT_REQUIRED,
  DESCRIPTION_REQUIRED,
  fileIdsOf,
  submissionType,
  TOO_MANY_FILES,
  validateEvidence,
  type EvidenceInput,
} from './evidence-input.js';

const CSU = MANUAL_CHECKLISTS.CSU_OWNER_VERIFICATION;
const ticked = (count: number) => CSU.map((item, index) => ({ item, checked: index < count }));
const card = (override: Partial<AttachmentInput> = {}): AttachmentInput => ({
  type: 'note',
  checklistItems: ticked(4),
  completionRate: '4/6',
  userAcknowledgment: true,
  ...override,
});
const manual = (override: Partial<EvidenceInput> = {}): EvidenceInput => ({
  checkId: 'CSU_OWNER_VERIFICATION',
  requiresManualEvidence: true,
  content: 'Our CSU account is set up as the checklist says.',
  description: 'Screens of the account settings',
  attachments: [card()],
  ...override,
});
const messageOf = (input: EvidenceInput) => {
  try {
    validateEvidence(input);
    return 'valid';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};

describe('validateEvidence on a fixed-list manual check', () => {
  it('accepts the list in order with its completion rate, whatever is ticked', () => {
    expect(messageOf(manual())).toBe('valid');
    expect(messageOf(manual({ attachments: [card({ checklistItems: ticked(0), completionRate: '0/6' })] }))).toBe(
      'valid',
    );
  });
  it('requires a description', () => {
    expect(messageOf(manual({ description: '  ' }))).toBe(DESCRIPTION_REQUIRED);
    expect(messageOf(manual({ description: undefined }))).toBe(DESCRIPTION_REQUIRED);
  });
  it('requires the acknowledgment', () => {
    expect(messageOf(manual({ attachments: [card({ userAcknowledgment: false })] }))).toBe(ACKNOWLEDGMENT_REQUIRED);
    expect(messageOf(manual({ attachments: [] }))).toBe(ACKNOWLEDGMENT_REQUIRED);
  });
  it('refuses another list, a shorter one, or the items out of order', () => {
    const reordered = [...ticked(4)].reverse();
    for (const checklistItems of [ticked(4).slice(1), reordered, [{ item: 'Something else', checked: true }]]) {
      expect(messageOf(manual({ attachments: [card({ checklistItems, completionRate: undefined })] }))).toMatch(
        /must list this check's 6 items, in order/,
      );
    }
  });
  it('refuses a completion rate the checklist does not give, or none', () => {
    expect(messageOf(manual({ attachments: [card({ completionRate: '6/6' })] }))).toBe(
      'completionRate must be 4/6, as the checklist says.',
    );
    expect(messageOf(manual({ attachments: [card({ completionRate: undefined })] }))).toBe(
      'completionRate must be 4/6, as the checklist says.',
    );
  });
});

describe('validateEvidence on other checks', () => {
  it('needs nothing more than the text on an ordinary check', () => {
    expect(
      messageOf({ checkId: 'AUTOMOD_ENABLED', requiresManualEvidence: false, content: 'We use a bot for this.' }),
    ).toBe('valid');
  });
  it('asks the manual card of a check that requires manual evidence, without a fixed list', () => {
    const input = { checkId: 'AUTOMOD_ENABLED', requiresManualEvidence: true, content: 'See attached.' };
    expect(messageOf(input)).toBe(DESCRIPTION_REQUIRED);
    expect(messageOf({ ...input, description: 'Why', attachments: [{ type: 'note', userAcknowledgment: true }] })).toBe(
      'valid',
    );
  });
  it('parses configuration data as JSON', () => {
    const json = (content: string): EvidenceInput => ({
      checkId: 'AUTOMOD_ENABLED',
      requiresManualEvidence: false,
      content,
      attachments: [{ type: 'json' }],
    });
    expect(messageOf(json('{"rules": 3}'))).toBe('valid');
    expect(messageOf(json('{rules: 3'))).toMatch(/^Configuration Data must be valid JSON/);
  });
});

describe('submissionType and fileIdsOf', () => {
  it('takes the first attachment’s type, else a note', () => {
    expect(submissionType(undefined)).toBe('note');
    expect(submissionType([{ type: 'screenshot' }, { type: 'json' }])).toBe('screenshot');
  });
  it('counts distinct files across attachments, at most five', () => {
    const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    expect(
      fileIdsOf([
        { type: 'document', fileIds: [id(1), id(2)] },
        { type: 'note', fileIds: [id(1)] },
      ]),
    ).toEqual([id(1), id(2)]);
    expect(() =>
      fileIdsOf([
        { type: 'document', fileIds: [id(1), id(2), id(3)] },
        { type: 'document', fileIds: [id(4), id(5), id(6)] },
      ]),
    ).toThrow(TOO_MANY_FILES);
  });
});
