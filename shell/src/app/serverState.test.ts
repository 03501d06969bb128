import { readServerState, serializeState, SSR_STATE_ID } from './serverState';
import type { RootState } from 'shared/store';

describe('the state a page was rendered with', () => {
  const hostile = { app: { note: '</script><script>alert(1)</script><!-- \u2028\u2029 &' } } as unknown as RootState;

  it('is JSON that cannot end its <script> element or open a comment', () => {
    const text = serializeState(hostile);
    expect(text).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(JSON.parse(text)).toEqual(hostile);
  });

  it('is read back from the document as it was', () => {
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ID}">${serializeState(hostile)}</script>`;
    expect(readServerState(document)).toEqual(hostile);
  });

  it('is absent from a page the server did not render', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readServerState(document)).toBeNull();
  });
});
