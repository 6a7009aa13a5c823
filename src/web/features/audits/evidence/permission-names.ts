import { CRITICAL_PERMISSIONS, parsePermissions, permissionLabelsOf } from '../../../../shared/permissions';

/** After the critical permissions, at most three others are named. */
export const MAX_OTHER_PERMISSIONS = 3;

export interface PermissionSummary {
  /** Critical permissions held (Administrator, Manage Roles, Ban Members, ...), all named. */
  critical: string[];
  /** The first few other permissions held. */
  others: string[];
  /** How many other permissions were left unnamed. */
  hiddenOthers: number;
}

/** Names the bits of a Discord permission bitmask (a decimal string), critical ones first. */
export function summarizePermissions(bitmask: string): PermissionSummary {
  const mask = parsePermissions(bitmask);
  const critical = permissionLabelsOf(mask & CRITICAL_PERMISSIONS);
  const allOthers = permissionLabelsOf(mask & ~CRITICAL_PERMISSIONS);
  return {
    critical,
    others: allOthers.slice(0, MAX_OTHER_PERMISSIONS),
    hiddenOthers: Math.max(0, allOthers.length - MAX_OTHER_PERMISSIONS),
  };
}

/** In evidence a role named '*' stands for everyone in the server. */
export function roleDisplayName(name: string): string {
  return name === '*' ? '@everyone (all members)' : name;
}
