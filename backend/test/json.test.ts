// Responses whose text the HTTP server writes directly still behave as Web Responses.
import { describe, expect, it } from 'vitest';
import { directText, textResponse } from '../src/http/json.ts';

const BODY = '[{"id":1,"city":"Göteborg","title_2":"1 guest · 1 bed"}]';
const init = { status: 206, headers: { 'content-type': 'application/json; charset=utf-8', 'content-range': '0-0/2' } };

describe('textResponse', () => {
  it('hands the server its text unchanged', () => {
    expect(directText(textResponse(BODY, init))).toBe(BODY);
  });

  it('keeps status and headers', () => {
    const response = textResponse(BODY, init);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('0-0/2');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('reads as text, JSON and UTF-8 bytes like a Response made with the same body', async () => {
    expect(await textResponse(BODY, init).text()).toBe(BODY);
    expect(await textResponse(BODY, init).json()).toEqual(JSON.parse(BODY));
    const bytes = new Uint8Array(await textResponse(BODY, init).arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(await new Response(BODY, init).arrayBuffer()));
  });

  it('streams its body and marks it used once read', async () => {
    const response = textResponse(BODY, init);
    expect(response.bodyUsed).toBe(false);
    const copy = response.clone();
    expect(await new Response(response.body).text()).toBe(BODY);
    expect(response.bodyUsed).toBe(true);
    expect(await copy.text()).toBe(BODY);
  });

  it('without a body is an ordinary empty response', async () => {
    const response = textResponse(null, { status: 200, headers: init.headers });
    expect(directText(response)).toBeUndefined();
    expect(response.body).toBeNull();
    expect(await response.text()).toBe('');
  });
});
