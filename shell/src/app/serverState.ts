/**
 * The store state a page was rendered with on the server, carried to the browser at the end of
 * the document as JSON (data, not script: the CSP need not allow it), so the browser hydrates
 * with exactly what the server rendered.
 */
import type { RootState } from 'shared/store';

export const SSR_STATE_ID = 'hs-ssr-state';

/** JSON safe inside a <script> element: no '<' (no '</script>' or '<!--'), no line separators. */
export function serializeState(state: RootState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <script> element that carries the state. */
export function stateScript(state: RootState): string {
  return `<script type="application/json" id="${SSR_STATE_ID}">${serializeState(state)}</script>`;
}

/** The server's state, when this page was rendered on the server. */
export function readServerState(doc: Document): RootState | null {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  return text ? (JSON.parse(text) as RootState) : null;
}
