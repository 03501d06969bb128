/**
 * Server rendering: each page's first view is HTML, composed at request time from the remotes'
 * Node builds, which the federation runtime loads over HTTP from the locations /remotes.json
 * gives (as the browser loads their browser builds), and reloads when one is redeployed.
 *
 * A request: the page's reads (its module's `prefetch`) run in a store of their own for at most
 * the data budget; a second store takes the reads that finished and renders the page with
 * React's streaming renderer, the frame first and each remote slot in its own Suspense
 * boundary. A read that did not finish renders its skeleton and is made in the browser; a remote
 * that cannot be loaded renders its slot's loading state and loads in the browser. The state the
 * page was rendered with ends the document, so the browser hydrates with exactly it.
 *
 * A request whose cookies hold a session (./session) is rendered for its traveller: the reads
 * run as them (RLS), the store starts signed in with their favourites, and the page is theirs
 * alone: never reused for another request, and marked personal for the response's caching.
 */
import { createHash } from 'node:crypto';
import { PassThrough, type Writable } from 'node:stream';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Provider } from 'react-redux';
import { StaticRouter } from 'shared/router';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { api, favoritesApi, serverCacheReceived, toAppUser } from 'shared/api';
import { ConfigProvider, type RuntimeConfig } from 'shared/config';
import { supabaseSourceOf } from 'shared/supabase';
import type { PagePrefetch, RemotesManifest } from 'shared/federation';
import { loginRefused, setUserData, type RefusedLogin } from 'shared/state';
import { createAppStore, receiveServerForm, type AppStore, type RootState } from 'shared/store';
import { returnPathOf } from 'shared/url';
import { App } from '../app/App';
import { isKnownPage, remoteRouteOf } from '../app/routes';
import { stateScript } from '../app/serverState';
import { remoteLoading } from '../federation/loadRemoteModule';
import { afterRunningTime } from './runningTime';
import { leadingLinksLength, withHeadLinks } from './headLinks';
import { createServerRemotes, type ServerRemotes } from './remotes';
import { guestSignIn, hasSessionCookie, passwordSignIn, requestSession, type RequestSession } from './session';

export interface SsrOptions {
  config: RuntimeConfig;
  /** Where the server finds each remote's browser manifest; its Node build is beside it. */
  remotes: RemotesManifest;
  /** Where the browser finds each remote's manifest (/remotes.json), if not where the server does. */
  publicRemotes?: RemotesManifest;
  /** The shell's built index.html, read when a page is rendered (the frame's head and scripts). */
  template: () => string;
  /** The shell's stylesheets, linked from the page so it paints styled before any script. */
  styles: string[];
  /** How long the page's reads may take before the page renders without them (ms of the server's running time). */
  dataBudgetMs?: number;
  /** How long a page may take in all before its unfinished slots are left to the browser (ms). */
  renderBudgetMs?: number;
  /** How often the remotes are checked for a new deployment (ms). */
  watchIntervalMs?: number;
}

export interface SsrPage {
  /** 303: not a page but a redirect to `location` (/login for a traveller already signed in). */
  status: 200 | 303 | 404;
  location?: string;
  /**
   * A weak validator of a page rendered whole (its markup and the data it shows; the reads'
   * timestamps in its state may differ), or null for one that streams.
   */
  etag: string | null;
  /** Rendered for the request's session: for its traveller alone (no shared or stored copy). */
  personal: boolean;
  /** Set-Cookie values: the session's cookies changed while rendering (refreshed or cleared). */
  setCookies: string[];
  /** Writes the document; resolves when it has been written. */
  pipe(destination: Writable): Promise<void>;
}

export interface SsrRequest {
  url: string;
  /** The nonce the page's CSP allows for React's inline scripts (a page that streams has some). */
  nonce: string;
  /** The request's Cookie header (the session, as @supabase/ssr keeps it). */
  cookie?: string;
  /** Whether the site is served over https (cookies the server sets are then Secure). */
  secure?: boolean;
  /** /login again, after its form's post was refused: the email typed and why. */
  refusedLogin?: RefusedLogin;
}

export interface SignedIn {
  ok: true;
  location: string;
  setCookies: string[];
}

export interface SsrRenderer {
  render(request: SsrRequest): Promise<SsrPage>;
  /**
   * The /login form's post (no JavaScript) to `url` (/login, maybe with `next`): the password
   * grant; signed in, its session as Set-Cookie values and where to go (`next`, else /home).
   */
  signIn(url: string, email: string, password: string, secure: boolean): Promise<SignedIn | { ok: false; message: string }>;
  /** The /login page's 'Sign in as a Guest user' posted to `url`: the visitor's own guest account, then as signIn. */
  signInAsGuest(url: string, secure: boolean): Promise<SignedIn | { ok: false; message: string }>;
  close(): void;
}

const DATA_BUDGET_MS = 300;
const RENDER_BUDGET_MS = 5_000;
/**
 * How long a page waits for its slowest slot before it starts streaming without it: running time
 * of the server's, so a busy machine does not stream a page whose slots were about to be ready
 * (a streamed slot needs scripts to be put in place).
 */
const STREAM_AFTER_MS = 100;
/** How long a page rendered whole answers the same requests, and how many pages are kept. */
const REUSE_MS = 2_000;
const REUSE_MAX_PAGES = 500;
/** Where a sign-in without a return path lands. */
const AFTER_SIGN_IN = '/home';

/** Waits for a promise, at most `ms`. */
async function withinBudget(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([work.then(() => undefined, () => undefined), budget]);
  clearTimeout(timer);
}

/**
 * Waits for a page's reads, at most `ms` of the server's running time: on a busy machine a
 * wall-clock budget ran out while the answers waited for the process to run, and the page went
 * out without its data (a slot without scripts stays empty).
 */
async function withinReadBudget(reads: Promise<unknown>, ms: number): Promise<void> {
  let cancel = () => {};
  const budget = new Promise<void>((resolve) => {
    cancel = afterRunningTime(ms, resolve);
  });
  await Promise.race([reads.then(() => undefined, () => undefined), budget]);
  cancel();
}

/** A weak ETag of a page: its HTML but the state, and the data of the reads it shows. */
function pageEtag(html: string, state: RootState): string {
  const data = Object.entries(state.api.queries).map(([key, entry]) => [key, entry?.data]);
  const digest = createHash('sha256').update(html).update(JSON.stringify(data)).digest('base64url');
  return `W/"${digest.slice(0, 27)}"`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

function splitTemplate(html: string): { head: string; tail: string } {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</body>');
  if (start < 0 || end < 0) throw new Error('the shell index.html has no <div id="root"> in its body');
  return { head: html.slice(0, start), tail: html.slice(end) };
}

export function createRenderer(options: SsrOptions): SsrRenderer {
  const { config } = options;
  remoteLoading.attempts = 1;
  remoteLoading.forgetFailures = true;
  const remotes: ServerRemotes = createServerRemotes(options.remotes, options.watchIntervalMs, options.publicRemotes);
  // One client for every request: the server reads only what anyone may, with the anon key.
  const supabase: SupabaseClient = createClient(config.supabaseUrl, config.supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Never opened (the server subscribes to nothing), but supabase-js needs one on Node 20.
    realtime: { transport: WebSocket as never },
  }) as SupabaseClient;
  const newStore = (client: SupabaseClient = supabase) =>
    createAppStore({ extra: { supabase: supabaseSourceOf(client), config }, tabSync: false });

  /**
   * The page's store; with a session, its client reads as the user and it starts signed in.
   * With no session cookie at all it starts signed out, as the browser's session check will
   * answer (the page is painted as it stays, e.g. the booking page's sign-in prompt), unless the
   * URL brings an auth code (a recovery link, a Google sign-in's return) that the browser's
   * client exchanges for a session: then, as with a cookie the server could not use, the browser
   * finds out.
   */
  async function pageStore(pathname: string, search: string, session: RequestSession | null): Promise<AppStore> {
    const reads = newStore(session?.client);
    const user = session?.user ?? null;
    if (user) {
      reads.dispatch(setUserData(toAppUser(user)));
      void reads.dispatch(favoritesApi.endpoints.getFavorites.initiate(user.id));
    } else if (session === null && !new URLSearchParams(search).has('code')) {
      reads.dispatch(setUserData(null));
    }
    const route = remoteRouteOf(pathname);
    const prefetch: PagePrefetch | null = route ? await remotes.prefetchOf(route.id) : null;
    if (route && prefetch) prefetch(reads, { pathname, search, params: route.params });
    if (user || (route && prefetch)) {
      await withinReadBudget(Promise.allSettled(reads.dispatch(api.util.getRunningQueriesThunk())), options.dataBudgetMs ?? DATA_BUDGET_MS);
    }
    const store = newStore(session?.client);
    store.dispatch(serverCacheReceived(reads.getState().api));
    // The search bar's form as the page's prefetch left it (its URL's search).
    receiveServerForm(store, reads.getState().form);
    return store;
  }

  // Pages rendered whole are the same for every reader for a moment: one render serves all the
  // requests for a page for REUSE_MS, those that come while it renders included.
  const recent = new Map<string, { page: Promise<SsrPage>; at: number }>();
  function reused(request: SsrRequest): Promise<SsrPage> {
    const key = request.url;
    const now = Date.now();
    const hit = recent.get(key);
    // A page that turns out to stream is sent once: the others render their own.
    if (hit && now - hit.at < REUSE_MS) return hit.page.then((page) => (page.etag === null ? renderPage(request) : page));
    if (recent.size >= REUSE_MAX_PAGES) {
      for (const [old, entry] of recent) if (now - entry.at >= REUSE_MS) recent.delete(old);
      if (recent.size >= REUSE_MAX_PAGES) recent.delete(recent.keys().next().value!);
    }
    const page = renderPage(request);
    recent.set(key, { page, at: now });
    // A page that streams can be sent once only; a failed one is tried again.
    page.then(
      (done) => done.etag === null && recent.delete(key),
      () => recent.delete(key),
    );
    return page;
  }

  return {
    // A page for a session (or a refused sign-in) is rendered for its request alone.
    render: (request) => (hasSessionCookie(request.cookie) || request.refusedLogin ? renderPage(request, true) : reused(request)),
    async signIn(url, email, password, secure) {
      const outcome = await passwordSignIn(config, email, password, secure);
      if (!outcome.ok) return outcome;
      const location = returnPathOf(new URL(url, 'http://localhost').search) ?? AFTER_SIGN_IN;
      return { ok: true, location, setCookies: outcome.setCookies };
    },
    async signInAsGuest(url, secure) {
      const outcome = await guestSignIn(config, secure);
      if (!outcome.ok) return outcome;
      const location = returnPathOf(new URL(url, 'http://localhost').search) ?? AFTER_SIGN_IN;
      return { ok: true, location, setCookies: outcome.setCookies };
    },
    close: () => remotes.close(),
  };

  /**
   * The request's session, when its cookies hold one. Not cut short by the data budget: a token
   * refreshed on the way must reach the browser (the old refresh token is spent).
   */
  function sessionOf(request: SsrRequest): Promise<RequestSession | null> {
    if (!hasSessionCookie(request.cookie)) return Promise.resolve(null);
    return requestSession(config, request.cookie, request.secure ?? false);
  }

  async function renderPage(request: SsrRequest, personal = false): Promise<SsrPage> {
    const { url, nonce } = request;
    const { pathname, search } = new URL(url, 'http://localhost');
    const status = isKnownPage(pathname) ? 200 : 404;
    const session = await sessionOf(request);
    const setCookies = session?.setCookies ?? [];
    // Signed in already, /login sends on to where it returns (as the page itself would once
    // hydrated): a redirect from the server, not a login page that leaves after its scripts ran.
    if (pathname === '/login' && session?.user && !request.refusedLogin) {
      const location = returnPathOf(search) ?? AFTER_SIGN_IN;
      return { status: 303, location, etag: null, personal: true, setCookies, pipe: async (destination) => void destination.end() };
    }
    const [store, remoteStyles] = await Promise.all([
      pageStore(pathname, search, session),
      remotes.stylesFor(pathname),
      withinBudget(remotes.preload(pathname), options.renderBudgetMs ?? RENDER_BUDGET_MS),
    ]);
    if (request.refusedLogin) store.dispatch(loginRefused(request.refusedLogin));
    const { head, tail } = splitTemplate(options.template());
    const styles = [...options.styles, ...remoteStyles];
    const links = styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('');
    const start = head.replace('</head>', `${links}</head>`) + '<div id="root">';
    const end = () => `</div>${stateScript(store.getState())}${tail}`;
    return new Promise<SsrPage>((resolve, reject) => {
      // Streamed from the frame on, a slow slot coming in when it is ready.
      const streaming: SsrPage = {
        status,
        etag: null,
        personal,
        setCookies,
        pipe(destination) {
          const body = new PassThrough();
          let first = true;
          body.on('data', (chunk: Buffer) => {
            if (first) {
              // The head is written with the first chunk: its leading links go into it.
              first = false;
              const at = leadingLinksLength(chunk);
              destination.write(withHeadLinks(start, chunk.subarray(0, at).toString('utf8')));
              destination.write(chunk.subarray(at));
            } else {
              destination.write(chunk);
            }
          });
          return new Promise<void>((done) => {
            body.on('end', () => {
              if (first) destination.write(start);
              destination.end(end());
              done();
            });
            stream.pipe(body);
          });
        },
      };
      // Rendered whole (it then needs no script to show) and sent with its validator.
      const whole = async (): Promise<SsrPage> => {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on('data', (chunk: Buffer) => chunks.push(chunk));
        await new Promise((done) => {
          body.on('end', done);
          stream.pipe(body);
        });
        const rendered = Buffer.concat(chunks);
        const at = leadingLinksLength(rendered);
        const head = withHeadLinks(start, rendered.subarray(0, at).toString('utf8'));
        const markup = rendered.subarray(at).toString('utf8');
        const html = head + markup + end();
        return {
          status,
          etag: personal ? null : pageEtag(head + markup + tail, store.getState()),
          personal,
          setCookies,
          pipe: async (destination) => {
            destination.end(html);
          },
        };
      };
      // The first of the two to come decides (the other must not pipe the stream again).
      let sent = false;
      const send = (page: () => SsrPage | Promise<SsrPage>) => {
        if (sent) return;
        sent = true;
        resolve(page());
      };
      const stream = renderToPipeableStream(
        <StrictMode>
          <ConfigProvider config={config}>
            <Provider store={store}>
              <StaticRouter location={url}>
                <App />
              </StaticRouter>
            </Provider>
          </ConfigProvider>
        </StrictMode>,
        {
          nonce,
          // A finished slot is written in place however large (React otherwise moves large
          // ones to the end of the document, to be put in place by a script).
          progressiveChunkSize: Number.MAX_SAFE_INTEGER,
          onShellReady() {
            afterRunningTime(STREAM_AFTER_MS, () => send(() => streaming));
          },
          onAllReady: () => send(whole),
          onShellError: reject,
          onError(error) {
            // A slot that failed renders its loading state; the browser loads it.
            console.warn('[ssr]', url, error instanceof Error ? error.message.split('\n')[0] : error);
          },
        },
      );
      setTimeout(() => stream.abort(new Error('render budget spent')), options.renderBudgetMs ?? RENDER_BUDGET_MS).unref();
    });
  }
}
