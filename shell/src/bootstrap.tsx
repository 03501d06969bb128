import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import '@fontsource-variable/inter';
import 'shared/ui/tokens.css';
import { loadRuntimeConfig, ConfigProvider } from 'shared/config';
import { createSupabaseClient } from 'shared/supabase';
import { createAppStore } from 'shared/store';
import { startSession } from 'shared/session';
import { App } from './app/App';
import { prefetchHomeFor } from './app/prefetchHome';
import { prefetchRoomFor } from './app/prefetchRoom';
import { loadRemotesManifest, registerAppRemotes } from './federation/remotes';
import { preloadRemotesFor } from './federation/preload';
import { StartupError } from './pages/StartupError';

async function start(root: HTMLElement) {
  const [config, remotes] = await Promise.all([loadRuntimeConfig(), loadRemotesManifest()]);
  registerAppRemotes(remotes);
  preloadRemotesFor(window.location.pathname);
  const supabase = createSupabaseClient(config);
  const store = createAppStore({ extra: { supabase, config } });
  startSession(store);
  prefetchHomeFor(store, config, window.location.pathname);
  prefetchRoomFor(store, window.location.pathname);
  createRoot(root).render(
    <StrictMode>
      <ConfigProvider config={config}>
        <Provider store={store}>
          <App />
        </Provider>
      </ConfigProvider>
    </StrictMode>,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
start(root).catch((error: unknown) => {
  console.error('Homestory could not start', error);
  createRoot(root).render(<StartupError />);
});
