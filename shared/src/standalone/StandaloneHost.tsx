/**
 * A remote's own small host for QA: the same store factory, runtime config and supabase
 * client as the shell, a router with only the remote's pages, and the toasts. Used by each
 * remote's src/bootstrap.tsx; the composed site never loads it.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'shared/router';
import '@fontsource-variable/inter';
import 'shared/ui/tokens.css';
// Package paths, not relative ones: Module Federation shares modules by these names, so the
// context and store seen here are the very ones the remote's own modules see.
import { loadRuntimeConfig, ConfigProvider } from 'shared/config';
import { supabaseOnFirstUse } from 'shared/supabase';
import { createAppStore } from 'shared/store';
import { startSession } from 'shared/session';
import { Toasts } from 'shared/ui';

export async function renderStandalone(pages: ReactNode): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  const config = await loadRuntimeConfig();
  const store = createAppStore({ extra: { supabase: supabaseOnFirstUse(config), config } });
  startSession(store);
  createRoot(root).render(
    <StrictMode>
      <ConfigProvider config={config}>
        <Provider store={store}>
          <BrowserRouter>{pages}</BrowserRouter>
          <Toasts />
        </Provider>
      </ConfigProvider>
    </StrictMode>,
  );
}
