import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'shared/router';
import '@fontsource-variable/inter';
import 'shared/ui/tokens.css';
import { loadRuntimeConfig, ConfigProvider } from 'shared/config';
import { mayHoldSession, supabaseOnFirstUse } from 'shared/supabase';
import { createAppStore, receiveServerForm } from 'shared/store';
import { serverCacheReceived } from 'shared/api';
import { startSession } from 'shared/session';
import { App } from './app/App';
import { readServerState } from './app/serverState';
import { prefetchHomeFor } from './app/prefetchHome';
import { prefetchRoomFor } from './app/prefetchRoom';
import { loadRemotesManifest, registerAppRemotes } from './federation/remotes';
import { preloadRemotesFor } from './federation/preload';
import { yieldToMain } from './app/yieldToMain';
import { reportVitals } from './app/reportVitals';
import { StartupError } from './pages/StartupError';

/** Runs `start` once the tree has rendered: on a server-rendered page, after hydration's commit. */
function AfterRender({ start }: { start: () => void }) {
  useEffect(start, [start]);
  return null;
}

async function start(root: HTMLElement) {
  const [config, remotes] = await Promise.all([loadRuntimeConfig(), loadRemotesManifest()]);
  registerAppRemotes(remotes);
  preloadRemotesFor(window.location.pathname);
  // The federation runtime's work, the store's and hydration's are tasks of their own.
  await yieldToMain();
  // supabase-js is loaded, and the client made, when first asked for (shared/supabase). The
  // session is followed from then on, whoever asked (a sign-in, a read made in the browser).
  const client = supabaseOnFirstUse(config);
  let followed = false;
  const followSession = () => {
    if (followed) return;
    followed = true;
    startSession(store);
  };
  const supabase = () => {
    queueMicrotask(followSession);
    return client();
  };
  const store = createAppStore({ extra: { supabase, config } });
  // A server-rendered page: the browser starts with the server's reads and search form and, until hydrated,
  // renders from the server's state (the session and later reads change it only after).
  const serverState = readServerState(document);
  if (serverState) {
    store.dispatch(serverCacheReceived(serverState.api));
    receiveServerForm(store, serverState.form);
  }
  // On a server-rendered page the session is followed once it has hydrated, so loading
  // supabase-js and starting its auth client do not hold hydration up; and only when the
  // browser may hold one: for a signed-out visitor the server's page is already right, and
  // supabase-js (its evaluation a long task on a phone) waits until something needs it.
  const session = () => {
    if (mayHoldSession(document.cookie, window.location.search + window.location.hash)) followSession();
  };
  if (!serverState) {
    followSession();
    prefetchHomeFor(store, config, window.location.pathname);
    prefetchRoomFor(store, window.location.pathname);
  }
  // Real visitors' web vitals, measured from here on (their entries are buffered until then).
  const vitals = () => void reportVitals(config.supabaseUrl, window.location.pathname).catch(() => undefined);
  const page = (
    <StrictMode>
      {serverState && <AfterRender start={session} />}
      <AfterRender start={vitals} />
      <ConfigProvider config={config}>
        <Provider store={store} serverState={serverState ?? undefined}>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </Provider>
      </ConfigProvider>
    </StrictMode>
  );
  await yieldToMain();
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (on a phone, one long task), and input comes first.
  if (serverState) startTransition(() => void hydrateRoot(root, page));
  else createRoot(root).render(page);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
start(root).catch((error: unknown) => {
  console.error('Homestory could not start', error);
  createRoot(root).render(<StartupError />);
});
