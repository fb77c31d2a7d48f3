import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Notice } from '../lib/http';
import { type Session, SessionProvider } from '../lib/session-context';
import { cssVariablesResolver, theme } from './theme';

export function showNotice(notice: Notice): void {
  notifications.show({
    id: notice.id,
    title: notice.title,
    message: notice.message,
    color: notice.kind === 'error' ? 'red' : 'brand',
    autoClose: notice.kind === 'error' ? 8000 : 5000,
  });
}

interface AppProvidersProps {
  session: Session;
  queryClient: QueryClient;
  /** 'test' turns off transitions and portals (Mantine). */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ session, queryClient, env, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <SessionProvider value={session}>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
