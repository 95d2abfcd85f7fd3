// The desk's refusals: each played through against the real server on 127.0.0.1.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESK_CSP, REFUSALS, startDesk, TOKEN_HEADER } from './server.mjs';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let desk: Awaited<ReturnType<typeof startDesk>>;
const posted: unknown[] = [];

/** One request, every header as given (fetch would not let a test set Host). */
function send(
  path: string,
  { method = 'GET', headers = {}, body = '' } = {} as {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  },
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port: desk.port, path, method, headers: { host: `127.0.0.1:${desk.port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

const cookie = () => ({ cookie: `desk-${desk.port}=${desk.token}` });
const own = () => `http://127.0.0.1:${desk.port}`;
const post = (headers: Record<string, string>, body = '{"gallery":"jenna-2026-10"}') =>
  send('/api/echo', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

beforeAll(async () => {
  desk = await startDesk({
    routes: {
      pages: { '/': async () => '<!doctype html><title>Desk</title>' },
      photo: async (id: string) => (id === 'a1' ? Buffer.from('jpeg') : null),
      posts: {
        '/api/echo': async (body: unknown) => {
          posted.push(body);
          return { status: 200, json: { done: true } };
        },
        '/api/fails': async () => {
          throw new Error('Jenna Boudoir: her password is hunter2hunter2');
        },
      },
    },
  });
});
afterAll(() => desk.close());

describe('the studio desk server', () => {
  it('listens on 127.0.0.1 only, and its address carries a 43-character random token', () => {
    expect(desk.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(desk.address).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${desk.port}/open/[A-Za-z0-9_-]{43}$`));
  });

  it('answers 403 to a request without the token, whatever it asks for', async () => {
    for (const path of ['/', '/inbox', '/photo/a1', '/assets/desk.js', '/open/', `/open/${'x'.repeat(43)}`]) {
      const answer = await send(path);
      expect([path, answer.status, answer.body]).toEqual([path, 403, REFUSALS.token]);
    }
    expect((await send('/', { headers: { cookie: `desk-${desk.port}=${'y'.repeat(43)}` } })).status).toBe(403);
  });

  it('exchanges the address token for a strict HttpOnly cookie and sends her to / without it', async () => {
    const opened = await send(`/open/${desk.token}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe('/');
    expect(opened.headers['set-cookie']).toEqual([
      `desk-${desk.port}=${desk.token}; HttpOnly; SameSite=Strict; Path=/`,
    ]);
    const page = await send('/', { headers: cookie() });
    expect([page.status, page.body]).toEqual([200, '<!doctype html><title>Desk</title>']);
  });

  it('sends its own strict CSP, no-store and no-referrer with every answer, a refusal too', async () => {
    expect(DESK_CSP).toContain("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:");
    for (const csp of ["connect-src 'self'", "frame-ancestors 'none'", "form-action 'self'"])
      expect(DESK_CSP).toContain(csp);
    for (const answer of [
      await send('/', { headers: cookie() }),
      await send('/'),
      await send('/', { headers: { host: 'evil.example' } }),
    ]) {
      expect(answer.headers['content-security-policy']).toBe(DESK_CSP);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('gives nothing to a DNS-rebinding name or another port in the Host header, even with the cookie', async () => {
    for (const host of [
      `evil.example:${desk.port}`,
      'evil.example',
      `127.0.0.1:${desk.port + 1}`,
      `127.0.0.1.nip.io:${desk.port}`,
    ]) {
      const answer = await send('/', { headers: { ...cookie(), host } });
      expect([host, answer.status, answer.body]).toEqual([host, 403, REFUSALS.host]);
    }
    const rebound = await send(`/open/${desk.token}`, { headers: { host: `evil.example:${desk.port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['set-cookie']).toBeUndefined();
    expect((await send('/', { headers: { ...cookie(), host: `localhost:${desk.port}` } })).status).toBe(200);
  });

  it("gives nothing to another site's page: a foreign Origin or a cross-site fetch is refused", async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: `http://evil.example:${desk.port}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const answer = await send('/', { headers: { ...cookie(), ...headers } });
      expect([headers, answer.status, answer.body]).toEqual([headers, 403, REFUSALS.origin]);
    }
    const made = posted.length;
    const answer = await post({ ...cookie(), [TOKEN_HEADER]: desk.token, origin: 'https://evil.example' });
    expect(answer.status).toBe(403);
    expect(posted.length).toBe(made);
  });

  it('makes a change only by a POST from its own page with the token in a header', async () => {
    const made = posted.length;
    const refused = [
      await post({ ...cookie(), origin: own() }),
      await post({ ...cookie(), origin: own(), [TOKEN_HEADER]: 'x'.repeat(43) }),
      await post({ ...cookie(), [TOKEN_HEADER]: desk.token }),
      await post({ origin: own(), [TOKEN_HEADER]: desk.token }),
      await send(`/api/echo?token=${desk.token}`, {
        method: 'POST',
        headers: { ...cookie(), origin: own(), 'content-type': 'application/json' },
        body: '{}',
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    expect(posted.length).toBe(made);
    expect((await send('/api/echo', { headers: cookie() })).status).toBe(405);
    const form = await send('/api/echo', {
      method: 'POST',
      headers: {
        ...cookie(),
        origin: own(),
        [TOKEN_HEADER]: desk.token,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'gallery=x',
    });
    expect(form.status).toBe(415);
    const done = await post({ ...cookie(), origin: own(), [TOKEN_HEADER]: desk.token });
    expect([done.status, JSON.parse(done.body)]).toEqual([200, { done: true }]);
    expect(posted.at(-1)).toEqual({ gallery: 'jenna-2026-10' });
  });

  it('answers other methods 405 and writes nothing of hers to the log when an action fails', async () => {
    expect((await send('/', { method: 'PUT', headers: cookie() })).status).toBe(405);
    expect((await send('/', { method: 'DELETE', headers: cookie() })).status).toBe(405);
    const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const failed = await send('/api/fails', {
      method: 'POST',
      headers: { ...cookie(), origin: own(), [TOKEN_HEADER]: desk.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(failed.status).toBe(500);
    expect(failed.body).not.toContain('hunter2');
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('serves a thumbnail by its opaque id only', async () => {
    const photo = await send('/photo/a1', { headers: cookie() });
    expect([photo.status, photo.headers['content-type'], photo.body]).toEqual([200, 'image/jpeg', 'jpeg']);
    expect((await send('/photo/IMG_0412.jpg', { headers: cookie() })).status).toBe(404);
  });
});
