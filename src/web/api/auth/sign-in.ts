import { startSignIn } from '../../../shared/contracts/routes';

/** Full-page navigation here starts Discord sign-in. */
export const SIGN_IN_URL = startSignIn.path;
