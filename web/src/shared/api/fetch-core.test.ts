import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAnswer, readAnswer, readRefusal, retryAfterSeconds, Unreachable } from './fetch-core';
import { z } from 'zod/mini';

/** The browser's fetch, answering what the test says and keeping what it was asked. */
function answering(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const asked: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return Promise.resolve(respond(url, init));
  });
  return asked;
}

describe('the HTTP core shared by the portal, the back office and the game client (issue 30, step 5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with its query, and reads the body whatever the status', async () => {
    const asked = answering(
      () =>
        new Response(
          JSON.stringify({ status: 'VALIDATION_ERROR', message: 'The request has invalid fields', errors: [{ field: 'amount', error: 'too small' }] }),
          { status: 400, headers: { 'retry-after': '7' } },
        ),
    );
    const answer = await fetchAnswer('/ps/deposit', { method: 'POST', query: { page: 2, empty: '' }, body: { amount: 1 } });
    expect(asked[0]!.url).toBe('/ps/deposit?page=2');
    expect(asked[0]!.init.body).toBe('{"amount":1}');
    expect(asked[0]!.init.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
    expect(asked[0]!.init.credentials).toBe('include');
    expect(answer).toMatchObject({ status: 400, ok: false });
    expect(readRefusal(answer.payload)).toEqual({
      status: 'VALIDATION_ERROR',
      message: 'The request has invalid fields',
      errors: [{ field: 'amount', error: 'too small' }],
    });
    expect(retryAfterSeconds(answer.headers)).toBe(7);
  });

  it('sends a FormData as multipart, leaving its content type to the browser', async () => {
    const asked = answering(() => new Response('', { status: 200 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.png');
    const answer = await fetchAnswer('/ps/documents', { method: 'POST', body: form });
    expect(asked[0]!.init.headers).toEqual({ Accept: 'application/json' });
    expect(asked[0]!.init.body).toBe(form);
    expect(answer.payload).toBeNull();
  });

  it('a body that is not JSON reads as null, and a refusal that breaks the contract reads as empty', async () => {
    answering(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const answer = await fetchAnswer('/gs/play-status');
    expect(answer.payload).toBeNull();
    expect(readRefusal(answer.payload)).toEqual({ status: null, message: null, errors: [] });
    // Each part on its own: a status without a message still names the status; malformed field errors are not read.
    expect(readRefusal({ status: 'X' })).toEqual({ status: 'X', message: null, errors: [] });
    expect(readRefusal({ status: 'X', errors: 'amount' })).toEqual({ status: null, message: null, errors: [] });
    expect(retryAfterSeconds(answer.headers)).toBeUndefined();
  });

  it('no answer is Unreachable, telling the caller’s own abort from a failure', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(fetchAnswer('/ps/x')).rejects.toMatchObject({ name: 'Unreachable', aborted: false });
    const controller = new AbortController();
    controller.abort();
    vi.stubGlobal('fetch', () => Promise.reject(new DOMException('aborted', 'AbortError')));
    const failure = await fetchAnswer('/ps/x', { signal: controller.signal }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Unreachable);
    expect((failure as Unreachable).aborted).toBe(true);
  });

  it('reads an answer by its contract', () => {
    const schema = z.object({ balance: z.number() });
    expect(readAnswer(schema, { balance: 5 })).toEqual({ data: { balance: 5 } });
    expect(readAnswer(schema, { balance: '5' })).toBeUndefined();
  });
});
