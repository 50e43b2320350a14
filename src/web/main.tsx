// first: configures zod before any shared schema module builds its schemas
import './zod-config.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router';
import { registerServiceWorker } from './features/offline/service-worker.ts';
import { startFirstRequests } from './first-load.ts';
import { applyStoredLanguage } from './i18n/index.ts';
import { routes } from './routes.tsx';
import { NotificationProvider } from './ui/notifications/NotificationProvider.tsx';
import './styles/global.css';

applyStoredLanguage();

const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false } },
});
startFirstRequests(queryClient, window.location);
registerServiceWorker();
/*
 * The declarative router: nothing here uses loaders, actions or blockers, and the data router costs
 * 15 KB more (gzip) on every first load.
 */
function AppRoutes() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <NotificationProvider>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </NotificationProvider>
    </QueryClientProvider>
  </StrictMode>,
);
