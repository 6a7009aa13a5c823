import type { CurrentUser } from '../../../shared/contracts/auth';

/** A page anyone may open; `user` is null for a visitor. */
export interface PublicPageProps {
  user: CurrentUser | null;
}

/** A page for signed-in users, with the `:params` of its path. */
export interface UserPageProps {
  user: CurrentUser;
  params: Readonly<Record<string, string | undefined>>;
}
