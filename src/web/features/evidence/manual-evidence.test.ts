import { describe, expect, it } from 'vitest';
import { MANUAL_CHECKLISTS } from '../../../shared/evidence-rules';
import { manualAttachment } from './manual-evidence';

const submittedAt = new Date('2026-11-24T12:00:00.000Z');

describe('manualAttachment', () => {
  it('sends every item of the fixed checklist with its tick and the completion rate', () => {
    const items = MANUAL_CHECKLISTS.CSU_OWNER_VERIFICATION;
    const attachment = manualAttachment({ items, checked: [true, false, true], fileIds: [], submittedAt });
    expect(attachment).toEqual({
      type: 'note',
      checklistItems: items.map((item, index) => ({ item, checked: index === 0 || index === 2 })),
      completionRate: '2/6',
      userAcknowledgment: true,
      submissionTimestamp: '2026-11-24T12:00:00.000Z',
    });
  });

  it('carries uploaded files as a document', () => {
    const attachment = manualAttachment({
      items: MANUAL_CHECKLISTS.BOT_TOKEN_HYGIENE,
      checked: [],
      fileIds: ['5b1c3e0e-8f59-4bb4-9a59-8a1d3c7f4e21'],
      submittedAt,
    });
    expect(attachment.type).toBe('document');
    expect(attachment.fileIds).toEqual(['5b1c3e0e-8f59-4bb4-9a59-8a1d3c7f4e21']);
    expect(attachment.completionRate).toBe('0/8');
  });

  it('leaves the checklist out for a manual check without a fixed list', () => {
    const attachment = manualAttachment({ items: [], checked: [], fileIds: [], submittedAt });
    expect(attachment).not.toHaveProperty('checklistItems');
    expect(attachment).not.toHaveProperty('completionRate');
    expect(attachment.userAcknowledgment).toBe(true);
  });
});
