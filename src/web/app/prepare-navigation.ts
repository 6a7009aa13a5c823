import { createContext } from 'react';

/**
 * Loads the code of the page at a path before a programmatic navigation there, so the page shows at
 * once instead of after a loading state. Outside the app's routes there is nothing to load.
 */
export const PrepareNavigationContext = createContext<(path: string) => Promise<void>>(() => Promise.resolve());
