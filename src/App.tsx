import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import { watchNoticeRoom } from './app/noticeRoom';
import { ConfirmProvider } from './components/ConfirmDialog';
import { DataHost } from './pwa/DataHost';
import { PwaHost } from './pwa/PwaHost';
import { queryClient } from './queries/queryClient';
import { router } from './routes/router';
import { SearchHost } from './search/SearchHost';
import { AppTheme } from './theme/AppTheme';

/**
 * Providers in dependency order: theme, data cache, confirm dialog, then the routes; toast
 * notifications (refresh failures, action errors) render beside them.
 */
export function App() {
  // The scrolling areas keep room at their end for the notices at the bottom (app/noticeRoom.ts).
  useEffect(() => watchNoticeRoom(), []);
  return (
    <AppTheme>
      <Notifications position="bottom-right" limit={4} notificationMaxHeight={420} />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <RouterProvider router={router} />
          <SearchHost />
          <PwaHost />
          <DataHost />
        </ConfirmProvider>
      </QueryClientProvider>
    </AppTheme>
  );
}
