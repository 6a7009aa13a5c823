/** The first letter of the username, upper-cased, or 'U' when there is none. */
export function avatarInitial(username: string | null | undefined): string {
  const first = username?.trim().charAt(0) ?? '';
  return first === '' ? 'U' : first.toUpperCase();
}
