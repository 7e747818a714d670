import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ConfirmProvider } from './components/ConfirmDialog';
import { queryClient } from './queries/queryClient';
import { router } from './routes/router';
import { AppTheme } from './theme/AppTheme';

/** Providers in dependency order: theme, data cache, confirm dialog, then the routes. */
export function App() {
  return (
    <AppTheme>
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>
          <RouterProvider router={router} />
        </ConfirmProvider>
      </QueryClientProvider>
    </AppTheme>
  );
}
