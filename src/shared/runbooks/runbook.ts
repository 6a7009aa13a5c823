import type { CheckCategory, CheckId } from '../audit-contract.js';
import type { Runbook } from '../contracts/engineer.js';

/**
 * One runbook as written: the check it fixes, in that check's category. `content` is Markdown with three
 * sections, in this order: `## Steps` (numbered, in Discord's own menus), `## Done when` and `## Pitfalls`.
 */
export type RunbookEntry = Runbook & { checkId: CheckId; category: CheckCategory };
