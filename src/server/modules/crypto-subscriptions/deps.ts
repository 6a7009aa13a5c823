import type { AppContext } from '../../app-context.js';
import type { InspectPayment } from './chain-inspector.js';

/** What the crypto subscription services use: the app's context, a clock, and the chains' inspector. */
export interface CryptoDeps extends Pick<AppContext, 'db' | 'config' | 'realtime' | 'log'> {
  now: () => Date;
  inspect: InspectPayment;
}
