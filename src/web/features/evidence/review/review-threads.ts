import type { EvidenceThread } from '../../../../shared/contracts/evidence';
import {
  THREAD_PREVIEW_LENGTH,
  THREAD_STATUS_LABELS,
  THREAD_STATUSES,
  type ThreadStatus,
} from '../../../../shared/evidence-rules';

export const ALL_STATUSES = 'ALL';
export type StatusFilter = ThreadStatus | typeof ALL_STATUSES;

/** The status filter's choices: every thread, or one status under its spec label. */
export const STATUS_FILTER_OPTIONS: readonly { value: StatusFilter; label: string }[] = [
  { value: ALL_STATUSES, label: 'All Statuses' },
  ...THREAD_STATUSES.map((status) => ({ value: status, label: THREAD_STATUS_LABELS[status] })),
];

export function parseStatusFilter(value: string | null | undefined): StatusFilter {
  return THREAD_STATUSES.find((status) => status === value) ?? ALL_STATUSES;
}

export interface ReviewFilters {
  search: string;
  status: StatusFilter;
}

/** The most threads one list may hold (the endpoint's own limit); a longer list is cut to the most recent. */
export const THREAD_LIST_LIMIT = 500;

/** What the thread list is asked for: staff's whole list, narrowed on the server by status and search. */
export interface ReviewThreadQuery {
  scope: 'all';
  limit: string;
  status?: ThreadStatus;
  search?: string;
}

export function reviewThreadQuery({ search, status }: ReviewFilters): ReviewThreadQuery {
  const text = search.trim();
  return {
    scope: 'all',
    limit: String(THREAD_LIST_LIMIT),
    ...(status === ALL_STATUSES ? {} : { status }),
    ...(text === '' ? {} : { search: text }),
  };
}

export const UNKNOWN_CHECK = 'Unknown Check';

export function checkNameOf(thread: Pick<EvidenceThread, 'checkResult'>): string {
  const name = thread.checkResult?.checkName.trim() ?? '';
  return name === '' ? UNKNOWN_CHECK : name;
}

/** The first `length` characters, then an ellipsis when anything was cut. */
export function cutText(text: string, length: number): string {
  const characters = Array.from(text.trim());
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : characters.join('');
}

export const NO_MESSAGES = 'No messages';

/** A row's preview of the thread's last message. */
export function threadPreview(thread: Pick<EvidenceThread, 'lastMessage'>): string {
  const text = thread.lastMessage?.message.trim() ?? '';
  return text === '' ? NO_MESSAGES : cutText(text, THREAD_PREVIEW_LENGTH);
}

/** When the thread last moved: its last message, else its own last change. */
export function lastActivityOf(thread: Pick<EvidenceThread, 'lastMessage' | 'updatedAt'>): string {
  return thread.lastMessage?.createdAt ?? thread.updatedAt;
}

export interface ServerGroup {
  serverId: string;
  serverName: string;
  threads: EvidenceThread[];
}

/**
 * Threads per server, servers by name; each server's threads keep the order they came in (the server
 * sends the most recently active first).
 */
export function groupThreadsByServer(threads: readonly EvidenceThread[]): ServerGroup[] {
  const groups = new Map<string, ServerGroup>();
  for (const thread of threads) {
    const group = groups.get(thread.server.id) ?? {
      serverId: thread.server.id,
      serverName: thread.server.name,
      threads: [],
    };
    group.threads.push(thread);
    groups.set(thread.server.id, group);
  }
  return [...groups.values()].sort(
    (left, right) =>
      left.serverName.localeCompare(right.serverName, undefined, { sensitivity: 'base' }) ||
      left.serverId.localeCompare(right.serverId),
  );
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 'Just now' under a minute, then '5m ago', '3h ago', '2d ago'. */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const elapsed = Math.max(0, now - time);
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)}m ago`;
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}
