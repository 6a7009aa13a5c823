/** Part 2 §4: Pending until staff decide, then Verified, or Denied. */
export function csuStatusLabel(csulVerified: boolean | null): 'Pending' | 'Verified' | 'Denied' {
  if (csulVerified === null) return 'Pending';
  return csulVerified ? 'Verified' : 'Denied';
}
