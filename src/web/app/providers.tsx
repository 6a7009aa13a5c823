import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { ThemeProvider } from '../components/theme-provider';
import { ToastArea } from '../components/ui/toast-area';
import { createQueryClient } from '../lib/query-client';
import { forgetSessionData, shouldLeaveAfterAuthError } from './auth-error-redirect';

function handleAuthError(client: QueryClient): void {
  if (!shouldLeaveAfterAuthError(window.location.pathname)) return;
  void forgetSessionData(client);
  navigate('/', { replace: true });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(handleAuthError));
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ToastArea />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
