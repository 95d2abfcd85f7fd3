// The desk's refusals: each played through against the real server on 127.0.0.1.
import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BODY_REFUSALS,
  DESK_CSP,
  DESK_HEADERS,
  MAX_JSON_BYTES,
  MAX_PHOTO_BYTES,
  newToken,
  REFUSALS,
  sameToken,
  startDesk,
  TOKEN_HEADER,
} from './server.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

let desk: Awaited<ReturnType<typeof startDesk>>;
const posted: unknown[] = [];
const firstLineRead = Promise.withResolvers<void>();

/** One request, every header as given (fetch would not let a test set Host), to `to` (the desk). */
function send(
  path: string,
  { method = 'GET', headers = {}, body = '', chunks } = {} as {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Sent one by one, without a Content-Length (chunked), instead of `body`. */
    chunks?: string[];
  },
  to: { port: number } = desk,
): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request(
      { host: '127.0.0.1', port: to.port, path, method, headers: { host: `127.0.0.1:${to.port}`, ...headers } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part) => parts.push(part));
        res.on('end', () =>
          done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString() }),
        );
      },
    );
    req.on('error', fail);
    for (const chunk of chunks ?? []) req.write(chunk);
    req.end(chunks ? undefined : body);
  });
}

/** The cookie a browser that opened the desk sends, and an address of the desk (under its secret path). */
const cookie = () => ({ cookie: desk.session.cookie });
const at = (path: string) => `${desk.session.path}${path.slice(1)}`;
const own = () => `http://127.0.0.1:${desk.port}`;
const post = (headers: Record<string, string>, body = '{"gallery":"jenna-2026-10"}') =>
  send(at('/api/echo'), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** The value `right` one character off at its end, and cut to its first 1 and 8 characters. */
const nearly = (right: string) => [
  `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`,
  right.slice(0, 1),
  right.slice(0, 8),
];

/** A desk of its own, for a test that opens it (its address opens it once). */
const fresh = () =>
  startDesk({
    routes: {
      pages: { '/': async () => '<!doctype html><title>Desk</title><a href="/inbox">Selections</a>' },
      photo: async () => null,
      posts: {
        '/api/echo': async (body: unknown) => {
          posted.push(body);
          return { status: 200, json: { done: true } };
        },
      },
    },
  });

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
        '/api/photo': {
          raw: async (bytes: Buffer, headers: IncomingHttpHeaders) => {
            posted.push({ bytes: bytes.length, name: headers['x-file-name'] });
            return { status: 200, json: { bytes: bytes.length } };
          },
        },
        '/api/stream': async () => ({
          stream: async (write) => {
            write({ step: 1 });
            // The second line waits for the first to reach the test: an answer held back whole never sends it.
            await firstLineRead.promise;
            write({ step: 2, done: true });
          },
        }),
        '/api/stream-fails': async () => ({
          stream: async (write) => {
            write({ step: 1 });
            throw new Error('Jenna Boudoir: her password is hunter2hunter2');
          },
        }),
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

  it('makes each token of 32 random bytes in base64url (43 characters), and 50 of them all different', () => {
    const tokens = Array.from({ length: 50 }, () => newToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
      expect(Buffer.from(token, 'base64url').toString('base64url')).toBe(token);
    }
    expect(new Set(tokens).size).toBe(50);
  });

  it('takes a token only whole: one character off at its end, a prefix of it or it with more after it is refused', () => {
    const right = newToken();
    expect(sameToken(right, right)).toBe(true);
    for (const wrong of [...nearly(right), right.slice(0, -1), `${right}A`, '', undefined, null])
      expect([wrong, sameToken(wrong, right)]).toEqual([wrong, false]);
    expect(sameToken(right, null)).toBe(false);
  });

  it('compares tokens in constant time (a source-level check: only timingSafeEqual, after the lengths)', () => {
    const file = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');
    expect(file).toMatch(/^import \{[^}]*\btimingSafeEqual\b[^}]*\} from 'node:crypto';$/m);
    const source = /^export function sameToken\(given: unknown, token: unknown\): boolean \{\n[\s\S]*?\n\}$/m.exec(
      file,
    )![0];
    expect(source).toContain('return a.length === b.length && timingSafeEqual(a, b);');
    expect(source).not.toMatch(/===\s*token|token\s*===|===\s*given|given\s*===|startsWith|indexOf|includes|Compare/);
  });

  it('compares every value of her session through sameToken alone, and routes by none of them (a source-level check)', () => {
    const file = readFileSync(new URL('./server.ts', import.meta.url), 'utf8');
    for (const value of ['open', 'secret', 'path', 'token']) {
      expect([value, new RegExp(`sameToken\\([^;\\n]*, session\\.${value}\\)`).test(file)]).toEqual([value, true]);
    }
    expect(file).not.toMatch(/session\.\w+\s*[!=]==?|[!=]==?\s*session\.\w+/);
    expect(file).not.toMatch(
      /session\.\w+\.(?:startsWith|endsWith|includes|indexOf)|(?:startsWith|endsWith|includes|indexOf)\(session\./,
    );
    expect(file).not.toMatch(/\bapp\.(?:get|post|put|all|on|use|route|mount|basePath)\([^\n]*session\./);
  });

  it('answers 403 to a request without its session, whatever it asks for', async () => {
    for (const path of [
      '/',
      '/inbox',
      '/photo/a1',
      '/assets/desk.js',
      '/open/',
      `/open/${'x'.repeat(43)}`,
      at('/'),
      at('/photo/a1'),
      at('/assets/desk.js'),
    ]) {
      const answer = await send(path);
      expect([path, answer.status, answer.body]).toEqual([path, 403, REFUSALS.token]);
    }
    // Its cookie, but not under its path (where no browser sends it), or a cookie of another value.
    for (const path of ['/', '/photo/a1', '/assets/desk.js', `/x${at('/')}`]) {
      const answer = await send(path, { headers: cookie() });
      expect([path, answer.status, answer.body]).toEqual([path, 403, REFUSALS.token]);
    }
    expect((await send(at('/'), { headers: { cookie: `desk-${desk.port}=${'y'.repeat(43)}` } })).status).toBe(403);
  });

  it('opens once: its address sets a cookie of another value, scoped to a secret path it sends her to; from her history it opens nothing', async () => {
    const own = await fresh();
    try {
      const token = own.address.slice(own.address.lastIndexOf('/') + 1);
      const opened = await send(`/open/${token}`, {}, own);
      expect(opened.status).toBe(303);
      const path = String(opened.headers.location);
      expect(path).toMatch(/^\/[A-Za-z0-9_-]{22}\/$/);
      const [set, ...more] = opened.headers['set-cookie'] ?? [];
      expect(more).toEqual([]);
      const [pair, ...attributes] = set!.split('; ');
      const [, secret] = /^desk-\d+=([A-Za-z0-9_-]{43})$/.exec(pair!)!;
      expect(pair).toBe(`desk-${own.port}=${secret}`);
      // These three and no other, in any order: no Max-Age, Expires or Domain (this session's, this host's only).
      expect(attributes.sort()).toEqual(['HttpOnly', `Path=${path}`, 'SameSite=Strict']);
      // Four values, none of them another: the open token, the cookie's secret, its path, the page's token.
      expect(new Set([token, secret, path.slice(1, -1), own.token]).size).toBe(4);
      // The pattern's first group always matches: the secret is there when the cookie is.
      for (const value of [token, secret!]) expect(path).not.toContain(value.slice(0, 8));
      const page = await send(path, { headers: { cookie: `desk-${own.port}=${secret}` } }, own);
      expect([page.status, page.body]).toEqual([
        200,
        `<!doctype html><title>Desk</title><a href="${path}inbox">Selections</a>`,
      ]);
      // The address, from her history or another browser: nothing.
      const again = await send(`/open/${token}`, {}, own);
      expect([again.status, again.body, again.headers['set-cookie']]).toEqual([403, REFUSALS.token, undefined]);
    } finally {
      await own.close();
    }
  });

  it('refuses a session value one character off at its end or cut to 1 or 8 characters: as the open address, the cookie and the header', async () => {
    const own = await fresh();
    try {
      const token = own.address.slice(own.address.lastIndexOf('/') + 1);
      for (const wrong of nearly(token)) {
        const answer = await send(`/open/${wrong}`, {}, own);
        expect([wrong, answer.status, answer.body, answer.headers['set-cookie']]).toEqual([
          wrong,
          403,
          REFUSALS.token,
          undefined,
        ]);
      }
      // The wrong ones spent nothing: the right one still opens it, once.
      const opened = await send(`/open/${token}`, {}, own);
      expect(opened.status).toBe(303);
      const { path, cookie: right } = own.session;
      const [name, secret] = right.split('=') as [string, string];
      for (const wrong of nearly(secret)) {
        const answer = await send(path, { headers: { cookie: `${name}=${wrong}` } }, own);
        expect([wrong, answer.status, answer.body]).toEqual([wrong, 403, REFUSALS.token]);
      }
      expect((await send(path, { headers: { cookie: right } }, own)).status).toBe(200);
      const made = posted.length;
      const change = (header: string) =>
        send(
          `${path}api/echo`,
          {
            method: 'POST',
            headers: {
              cookie: right,
              origin: `http://127.0.0.1:${own.port}`,
              'content-type': 'application/json',
              [TOKEN_HEADER]: header,
            },
            body: '{}',
          },
          own,
        );
      for (const wrong of nearly(own.token)) {
        const answer = await change(wrong);
        expect([wrong, answer.status, answer.body]).toEqual([wrong, 403, REFUSALS.token]);
      }
      expect(posted.length).toBe(made);
      expect((await change(own.token)).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('sends its own strict CSP, no-store and no-referrer with every answer, a refusal too', async () => {
    expect(DESK_CSP).toContain("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:");
    for (const csp of ["connect-src 'self'", "frame-ancestors 'none'", "form-action 'self'"])
      expect(DESK_CSP).toContain(csp);
    for (const answer of [
      await send(at('/'), { headers: cookie() }),
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
      const answer = await send(at('/'), { headers: { ...cookie(), host } });
      expect([host, answer.status, answer.body]).toEqual([host, 403, REFUSALS.host]);
    }
    const rebound = await send(new URL(desk.address).pathname, { headers: { host: `evil.example:${desk.port}` } });
    expect(rebound.status).toBe(403);
    expect(rebound.headers['set-cookie']).toBeUndefined();
    expect((await send(at('/'), { headers: { ...cookie(), host: `localhost:${desk.port}` } })).status).toBe(200);
  });

  it("gives nothing to another site's page: a foreign Origin or a cross-site fetch is refused", async () => {
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: `http://evil.example:${desk.port}` },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
    ]) {
      const answer = await send(at('/'), { headers: { ...cookie(), ...headers } });
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
      await send(at(`/api/echo?token=${desk.token}`), {
        method: 'POST',
        headers: { ...cookie(), origin: own(), 'content-type': 'application/json' },
        body: '{}',
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    expect(posted.length).toBe(made);
    expect((await send(at('/api/echo'), { headers: cookie() })).status).toBe(405);
    const form = await send(at('/api/echo'), {
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

  it('answers other methods 405 and, when an action fails, logs only what failed, nothing of hers', async () => {
    expect((await send(at('/'), { method: 'PUT', headers: cookie() })).status).toBe(405);
    expect((await send(at('/'), { method: 'DELETE', headers: cookie() })).status).toBe(405);
    const logged = [vi.spyOn(console, 'log'), vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const failed = await send(at('/api/fails'), {
      method: 'POST',
      headers: { ...cookie(), origin: own(), [TOKEN_HEADER]: desk.token, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(failed.status).toBe(500);
    expect(failed.body).not.toContain('hunter2');
    const [log, error, warn] = logged;
    expect(log).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(error!.mock.calls).toEqual([['The desk could not do that (Error).']]);
  });

  it('serves a thumbnail by its opaque id only', async () => {
    const photo = await send(at('/photo/a1'), { headers: cookie() });
    expect([photo.status, photo.headers['content-type'], photo.body]).toEqual([200, 'image/jpeg', 'jpeg']);
    expect((await send(at('/photo/IMG_0412.jpg'), { headers: cookie() })).status).toBe(404);
  });

  it("puts the studio's own icon on the desk's tab, under her session like every asset", async () => {
    const icon = await send(at('/assets/favicon.svg'), { headers: cookie() });
    expect([icon.status, icon.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(icon.body).toBe(readFileSync('public/favicon.svg', 'utf8'));
    expect((await send(at('/assets/favicon.svg'))).status).toBe(403);
  });

  it("styles her pages with the site's own theme, compiled from the classes the pages use", async () => {
    const sheet = await send(at('/assets/desk.css'), { headers: cookie() });
    expect([sheet.status, sheet.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    // The site's palette (src/styles/theme.css), not a copy of it.
    const theme = readFileSync('src/styles/theme.css', 'utf8');
    expect(sheet.body).toContain(/--color-plum: #[0-9a-f]{6};/.exec(theme)![0]);
    // A utility only a desk page uses (the card's facts), and one no page uses, not made.
    expect(sheet.body).toContain('.grid-cols-\\[auto_1fr\\]');
    // And one only an island uses (her photos' order, dragged: src/desk/islands/PhotoOrder.tsx), spelled
    // in parts as the one below.
    expect(sheet.body).toContain(`.${['cursor', 'grab'].join('-')} {`);
    // (Spelled in parts: the site's own stylesheet reads this file's words for classes too.)
    expect(sheet.body).not.toContain(`.${['grid', 'cols', '7'].join('-')} {`);
    expect((await send(at('/assets/other.css'), { headers: cookie() })).status).toBe(404);
    expect((await send(at('/assets/desk.css'))).status).toBe(403);
  });
});

describe("the desk's refusals, each kept on its own footing", () => {
  const change = (path: string, headers: Record<string, string>, options: { body?: string; chunks?: string[] } = {}) =>
    send(at(path), {
      method: 'POST',
      headers: { ...cookie(), origin: own(), [TOKEN_HEADER]: desk.token, ...headers },
      ...options,
    });
  const json = { 'content-type': 'application/json' };
  const bytes = { 'content-type': 'application/octet-stream', 'x-file-name': 'IMG_0412.jpg' };
  /** A JSON change of exactly `size` bytes. */
  const jsonOf = (size: number) => `{"note":"${'x'.repeat(size - 11)}"}`;

  it('sends all seven of its headers, the whole policy among them, with every kind of answer', async () => {
    expect(DESK_CSP).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; font-src 'self'; connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    );
    expect(DESK_HEADERS).toEqual({
      'Content-Security-Policy': DESK_CSP,
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Resource-Policy': 'same-origin',
    });
    const opening = await fresh();
    const answers = {
      page: await send(at('/'), { headers: cookie() }),
      thumbnail: await send(at('/photo/a1'), { headers: cookie() }),
      asset: await send(at('/assets/desk.js'), { headers: cookie() }),
      change: await change('/api/echo', json, { body: '{}' }),
      stream: await change('/api/stream-fails', json, { body: '{}' }),
      opened: await send(new URL(opening.address).pathname, {}, opening),
      host: await send('/', { headers: { host: 'evil.example' } }),
      session: await send('/'),
      missing: await send(at('/nothing'), { headers: cookie() }),
      method: await send(at('/'), { method: 'PUT', headers: cookie() }),
      tooLarge: await change('/api/echo', json, { body: jsonOf(MAX_JSON_BYTES + 1) }),
      failed: await change('/api/fails', json, { body: '{}' }),
      unreadable: await send(at('/'), { headers: { ...cookie(), host: `127.0.0.1:${desk.port}@evil.example` } }),
    };
    await opening.close();
    expect(Object.fromEntries(Object.entries(answers).map(([kind, answer]) => [kind, answer.status]))).toEqual({
      page: 200,
      thumbnail: 200,
      asset: 200,
      change: 200,
      stream: 200,
      opened: 303,
      host: 403,
      session: 403,
      missing: 404,
      method: 405,
      tooLarge: 400,
      failed: 500,
      unreadable: 400,
    });
    for (const [kind, answer] of Object.entries(answers)) {
      for (const [name, value] of Object.entries(DESK_HEADERS)) {
        expect([kind, name, answer.headers[name.toLowerCase()]]).toEqual([kind, name, value]);
      }
    }
  });

  it('answers a method it does not take 405 with the methods it does in Allow, and only once she has her session', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of ['/', '/api/echo', '/nothing']) {
        const answer = await send(at(path), { method, headers: cookie() });
        expect([method, path, answer.status, answer.headers.allow, answer.body]).toEqual([
          method,
          path,
          405,
          'GET, POST',
          REFUSALS.method,
        ]);
      }
      const stranger = await send(at('/'), { method });
      expect([method, stranger.status, stranger.body]).toEqual([method, 403, REFUSALS.token]);
    }
    const read = await send(at('/api/echo'), { headers: cookie() });
    expect([read.status, read.headers.allow, read.body]).toEqual([405, 'POST', REFUSALS.method]);
  });

  it('says there is nothing at an address it does not have, a POST too, before asking for the token', async () => {
    for (const answer of [
      await send(at('/nothing'), { headers: cookie() }),
      await send(at('/photo/b2'), { headers: cookie() }),
      await send(at('/assets/../server.ts'), { headers: cookie() }),
      await send(at('/assets/Desk.TS'), { headers: cookie() }),
      await send(at('/api/nothing'), { method: 'POST', headers: { ...cookie(), origin: own(), ...json }, body: '{}' }),
    ]) {
      expect([answer.status, answer.body]).toEqual([404, REFUSALS.missing]);
    }
  });

  it('takes a change of JSON up to 64 KiB, refusing a larger one, with or without its length, before the action sees it', async () => {
    const made = posted.length;
    expect((await change('/api/echo', json, { body: jsonOf(MAX_JSON_BYTES) })).status).toBe(200);
    expect(posted.length).toBe(made + 1);
    const whole = jsonOf(MAX_JSON_BYTES + 1);
    for (const answer of [
      await change('/api/echo', json, { body: whole }),
      await change('/api/echo', json, { chunks: [whole.slice(0, 40_000), whole.slice(40_000)] }),
    ]) {
      expect([answer.status, answer.body]).toEqual([400, BODY_REFUSALS.json]);
    }
    for (const body of ['{"gallery":', '"jenna-2026-10"', 'null', '7']) {
      const answer = await change('/api/echo', json, { body });
      expect([body, answer.status, answer.body]).toEqual([body, 400, BODY_REFUSALS.json]);
    }
    expect(posted.length).toBe(made + 1);
    const chunked = await change('/api/echo', json, { chunks: ['{"gallery":', '"jenna-2026-10"}'] });
    expect([chunked.status, posted.at(-1)]).toEqual([200, { gallery: 'jenna-2026-10' }]);
  });

  it('takes a photo as its bytes only, and refuses one over its limit by its length, before reading it', async () => {
    const made = posted.length;
    const photo = await change('/api/photo', bytes, { body: 'jpeg bytes' });
    expect([photo.status, JSON.parse(photo.body), posted.at(-1)]).toEqual([
      200,
      { bytes: 10 },
      { bytes: 10, name: 'IMG_0412.jpg' },
    ]);
    const typed = await change('/api/photo', { ...bytes, 'content-type': 'image/jpeg' }, { body: 'jpeg bytes' });
    expect([typed.status, typed.body]).toEqual([415, BODY_REFUSALS.photoType]);
    const asJson = await change('/api/echo', { 'content-type': 'text/plain' }, { body: '{}' });
    expect([asJson.status, asJson.body]).toEqual([415, BODY_REFUSALS.jsonType]);
    // One byte over the limit announced, a kilobyte of it sent, and the rest never: the refusal comes anyway.
    const refused = await new Promise<Answer | 'no answer'>((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: desk.port,
          path: at('/api/photo'),
          method: 'POST',
          headers: {
            host: `127.0.0.1:${desk.port}`,
            ...cookie(),
            origin: own(),
            [TOKEN_HEADER]: desk.token,
            ...bytes,
            'content-length': String(MAX_PHOTO_BYTES + 1),
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part) => parts.push(part));
          res.on('end', () => {
            clearTimeout(waiting);
            req.destroy();
            done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts).toString() });
          });
        },
      );
      const waiting = setTimeout(() => {
        req.destroy();
        done('no answer');
      }, 3000);
      req.on('error', (error) => (req.destroyed ? undefined : fail(error)));
      req.write(Buffer.alloc(1024));
    });
    expect(refused === 'no answer' ? refused : [refused.status, refused.body]).toEqual([413, BODY_REFUSALS.photoSize]);
    expect(posted.length).toBe(made + 1);
  });

  it('streams a long change line by line as it comes, and a failure in the middle logs its kind only', async () => {
    // An answer held back whole would wait for ever: after 3 s the clock lets its second line go.
    let released: string | undefined;
    const clock = setTimeout(() => {
      released ??= 'by the clock';
      firstLineRead.resolve();
    }, 3000);
    const lines = await new Promise<string[]>((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: desk.port,
          path: at('/api/stream'),
          method: 'POST',
          headers: { host: `127.0.0.1:${desk.port}`, ...cookie(), origin: own(), [TOKEN_HEADER]: desk.token, ...json },
        },
        (res) => {
          expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
          let text = '';
          res.on('data', (part) => {
            text += part;
            if (text !== '{"step":1}\n') return;
            released ??= 'by its first line';
            firstLineRead.resolve();
          });
          res.on('end', () => done(text.split('\n')));
        },
      );
      req.on('error', fail);
      req.end('{}');
    });
    clearTimeout(clock);
    expect(released).toBe('by its first line');
    expect(lines).toEqual(['{"step":1}', '{"step":2,"done":true}', '']);
    const error = vi.spyOn(console, 'error');
    const failed = await change('/api/stream-fails', json, { body: '{}' });
    expect([failed.status, failed.body]).toEqual([200, '{"step":1}\n']);
    expect(error.mock.calls).toEqual([['The desk could not do that (Error).']]);
  });

  it('refuses a request it cannot read (a Host no browser sends) in its own words, and its open address only to a GET', async () => {
    const answer = await send(at('/'), { headers: { ...cookie(), host: `127.0.0.1:${desk.port}@evil.example` } });
    expect([answer.status, answer.body]).toEqual([400, REFUSALS.unreadable]);
    const opening = await fresh();
    try {
      const path = new URL(opening.address).pathname;
      const head = await send(path, { method: 'HEAD' }, opening);
      expect([head.status, head.headers['set-cookie']]).toEqual([403, undefined]);
      expect((await send(path, {}, opening)).status).toBe(303);
    } finally {
      await opening.close();
    }
  });
});
