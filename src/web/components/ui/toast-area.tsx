import { lazy, Suspense, useEffect, useState } from 'react';
import { useToast } from './use-toast';

const loadToaster = () => import('./toaster');
const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * Mount once. The toast area's code (Radix Toast and its layers) stays out of the first load: it is fetched
 * once the page is idle, so a toast shows the moment it is raised. A toast that arrived late could open its
 * layer above a dialog opened meanwhile and take that dialog's Escape.
 */
export function ToastArea() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  useEffect(() => {
    // Safari has no requestIdleCallback; there, a second after mounting stands in for idle.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => void loadToaster(), 1000);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => void loadToaster(), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
