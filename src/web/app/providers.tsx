import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { ThemeProvider } from '../components/theme-provider';
import { Toaster } from '../components/ui/toaster';
import { createQueryClient } from '../lib/query-client';
import { shouldLeaveAfterAuthError } from './auth-error-redirect';

function handleAuthError(client: ReturnType<typeof createQueryClient>): void {
  if (!shouldLeaveAfterAuthError(window.location.pathname)) return;
  // Cached data belongs to the session that just ended; nothing of it may be shown to whoever signs in next.
  client.clear();
  navigate('/', { replace: true });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(handleAuthError));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
