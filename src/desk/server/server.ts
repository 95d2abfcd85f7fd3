// The studio desk's HTTP layer: the owner's galleries in her browser, on her computer only. It
// answers at 127.0.0.1 alone, with the Host and Origin headers its own; every change is a POST
// carrying the page's token in a header. What it does, it asks of actions.ts, the same publishing
// code the command runs (scripts/owner/galleries.ts).
//
// Her session. `npm run desk` prints an address holding a random open token, good once: the first
// GET of it sets a cookie holding a different random secret and sends her on; the address, kept in
// her history, then opens nothing. Browsers keep cookies per host name, not per port, so a cookie
// of 127.0.0.1 would go to every server there she visits (the `npm start` preview too). The cookie
// is scoped instead with `Path=` to a random secret path under which the whole desk is served
// (/<path>/, /<path>/inbox, /<path>/assets/desk.js): a server on another port receives it only if
// the browser asks it for that path, which nothing but the desk knows. Chosen over a random
// `*.localhost` host name (a host-only cookie), because Safari on a Mac resolves `*.localhost` only
// from macOS 26 on (Chrome, Edge and Firefox resolve it themselves), and over a header on every
// request, which a link or a thumbnail cannot carry. The pages name their addresses from / and are
// mounted under the path on the way out (mounted()); the script finds it from its own address.
//
// Its footing. Routing, cookies, body limits and streaming come from Hono (hono, @hono/node-server):
// maintained and widely used, typed end to end, built on the Web's own Request and Response (the
// site's Function speaks the same), small, and without dependencies of its own. Node's own server
// still listens (closing it ends the open connections, so a second Ctrl+C in desk.ts ends at once).
// What stays the desk's own is what keeps her session: its four secrets, the constant-time compare
// (sameToken), the Host, Origin and Fetch-Metadata refusals (requestRefusal), its sentences and its
// headers (DESK_HEADERS, one object: Hono's secureHeaders would add its own defaults, such as
// Strict-Transport-Security on an address that is never HTTPS, to be switched off one by one).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { stream } from 'hono/streaming';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { islandsScript } from './bundle.ts';
import { previewScript, previewStylesheet } from './preview-assets.ts';
import { deskStylesheet } from './styles.ts';

/** The desk's own policy: its page, its one script and stylesheet, her photos' thumbnails. */
export const DESK_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "base-uri 'none'",
].join('; ');

/** Sent with every answer, a refusal too. */
export const DESK_HEADERS = {
  'Content-Security-Policy': DESK_CSP,
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The preview (routes.ts): its page frames her gallery at a phone's and a computer's width, so that
 * page may frame the desk's own preview frames, and those frames may be framed by the desk alone.
 * Every other answer keeps DESK_HEADERS: framed by nothing, framing nothing.
 */
export const PREVIEW_PAGE_CSP = `${DESK_CSP}; frame-src 'self'`;
export const PREVIEW_FRAME_HEADERS = {
  'Content-Security-Policy': DESK_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  'X-Frame-Options': 'SAMEORIGIN',
};

/** What a change answers: its status and JSON, or a stream of lines (a publish's progress, then its outcome). */
export type PostAnswer =
  | { status: number; json: unknown; stream?: undefined }
  | { stream: (write: (line: unknown) => void) => Promise<void>; status?: undefined; json?: undefined };
/** A change sent as JSON: its body, an object whose fields the page chose (each checked where it is used). */
export type JsonPost = (body: Record<string, unknown>) => Promise<PostAnswer>;
/** A change sent as bytes (a photo): its bytes, and the headers naming it. */
export interface RawPost {
  raw: (bytes: Buffer, headers: IncomingHttpHeaders) => Promise<PostAnswer>;
}
/**
 * What startDesk answers with (routes.ts deskRoutes): its pages, its thumbnails, its changes, and
 * what a page's script reads after the page is shown (GET, JSON: values a page is sent without).
 */
export interface DeskRoutes {
  pages: Record<string, (request: IncomingMessage, rest: string) => Promise<string | null> | string | null>;
  photo: (id: string) => Promise<Buffer | null | undefined>;
  posts: Record<string, JsonPost | RawPost>;
  reads?: Record<string, () => Promise<unknown>>;
  /** A file of a gallery sealed for the preview (preview.ts), by the preview's page id and the file's name; null: none. */
  previewFile?: (page: string, name: string) => Uint8Array | null;
}

/** The header a POST carries the page's token in. */
export const TOKEN_HEADER = 'x-desk-token';
/** Where the address `npm run desk` prints leads: /open/<open token>, good once. */
export const OPEN_PATH = '/open/';
/** The desk's refusals, one sentence each: nothing of hers in any of them. */
export const REFUSALS = {
  host: 'This desk answers only at 127.0.0.1, on this computer.',
  origin: 'This desk takes requests from its own page only.',
  token:
    'Open the desk from the address "npm run desk" printed on this computer. Each address opens it once: for a new one, stop the desk with Ctrl+C and start it again.',
  method: 'Method not allowed',
  missing: 'There is nothing here.',
  unreadable: 'This is not a request the desk can take.',
};
/** What a change's body is refused with: its kind, its size, or what it holds. */
export const BODY_REFUSALS = {
  photoType: 'A photo is sent as its bytes.',
  photoSize: 'This file is too large for a photo.',
  jsonType: 'A change is sent as JSON.',
  json: 'This is not a change the desk can take.',
};
/** What an error answers (its kind alone goes to the terminal). */
export const FAILED = 'The desk could not do that: see the terminal it runs in.';

const ASSET_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
const FONTS: Record<string, string> = {
  'jost.woff2': 'node_modules/@fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
  'cormorant.woff2':
    'node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
};

/** A new random token: 256 bits, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Equal tokens, compared in constant time: a prefix, or a token one character off, is another token. */
export function sameToken(given: unknown, token: unknown): boolean {
  if (typeof given !== 'string' || typeof token !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A desk's session (newSession). */
export interface Session {
  open: string | null;
  secret: string;
  path: string;
  token: string;
}

/**
 * A desk's session, four random values, none derived from another: the open token (its printed
 * address, good once: null once spent), the cookie's secret, the secret path the desk is served
 * under and its cookie scoped to (/<22 characters>/), and the page's token for a POST's header.
 */
export function newSession(token = newToken()): Session {
  return { open: newToken(), secret: newToken(), path: `/${newToken().slice(0, 22)}/`, token };
}

/** The cookie's name: one per port, so two desks never share one. */
export const cookieName = (port: number) => `desk-${port}`;

/** The attributes of the desk's cookie: never sent to another path, site or script, and gone when her browser closes. */
export const cookieAttributes = (path: string) => ({ httpOnly: true, sameSite: 'Strict', path }) as const;

/** A page's addresses named from / (its href, src, action, data-action, data-stream and data-vault), under `path`. */
const ROOTED = /(\s(?:href|src|action|data-action|data-stream|data-vault)=")\/(?!\/)/g;
export const mounted = (html: string, path: string) => html.replace(ROOTED, `$1${path}`);

/**
 * Why a request is refused before anything is read, or null: a Host other than 127.0.0.1 or
 * localhost at the desk's port (a DNS-rebinding name reaches 127.0.0.1 with its own Host), an
 * Origin or Fetch-Metadata site other than the desk's own (another site's page), and for a POST an
 * Origin that is missing.
 */
export function requestRefusal(request: IncomingMessage, port: number): { status: number; body: string } | null {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!hosts.includes(request.headers.host ?? '')) return { status: 403, body: REFUSALS.host };
  const origin = request.headers.origin;
  if (origin !== undefined && !hosts.some((host) => origin === `http://${host}`)) {
    return { status: 403, body: REFUSALS.origin };
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !['same-origin', 'none'].includes(site)) return { status: 403, body: REFUSALS.origin };
  if (request.method === 'POST' && origin === undefined) return { status: 403, body: REFUSALS.origin };
  return null;
}

/** The largest photo the desk copies in: a camera's raw-sized JPEG is well under it. */
export const MAX_PHOTO_BYTES = 200 * 1024 * 1024;
/** The largest change sent as JSON: a gallery's settings and its photos' order are a few kilobytes. */
export const MAX_JSON_BYTES = 64 * 1024;

/**
 * The page's one classic script, which holds a press made before its island answers: written in
 * TypeScript (src/desk/hold.ts) and served as the JavaScript it is once its types are stripped by
 * Node's own stripTypeScriptTypes (what `node file.ts` does): made once, at its first request.
 */
let deskScript: string | undefined;
const holdScript = () =>
  (deskScript ??= stripTypeScriptTypes(readFileSync(new URL('../hold.ts', import.meta.url), 'utf8'), {
    mode: 'strip',
  }));

/** The desk's Hono: a request's Node message (`c.env.incoming`) stays at hand for the Host and a photo's headers. */
type DeskEnv = { Bindings: HttpBindings };
type DeskContext = Context<DeskEnv>;

/** An answer: its status, body and type; DESK_HEADERS are added to every answer on its way out. */
const send = (
  c: DeskContext,
  status: number,
  body: string | Uint8Array<ArrayBuffer>,
  type = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
) => c.body(body, status as ContentfulStatusCode, { 'Content-Type': type, ...extra });

async function serveAsset(c: DeskContext, name: string): Promise<Response> {
  // The studio's own icon on the desk's tab (without it, the browser asks for /favicon.ico, refused).
  if (name === 'favicon.svg')
    return send(c, 200, readFileSync(join(process.cwd(), 'public/favicon.svg')), 'image/svg+xml');
  const font = name.startsWith('fonts/') && Object.hasOwn(FONTS, name.slice(6)) ? FONTS[name.slice(6)] : undefined;
  if (font) return send(c, 200, readFileSync(join(process.cwd(), font)), 'font/woff2');
  if (!/^[a-z-]+\.(js|css)$/.test(name)) return send(c, 404, REFUSALS.missing);
  if (name === 'desk.js') return send(c, 200, holdScript(), ASSET_TYPES['.js']);
  if (name === 'desk.css') return send(c, 200, await deskStylesheet(), ASSET_TYPES['.css']);
  if (name === 'islands.js') return send(c, 200, await islandsScript(), ASSET_TYPES['.js']);
  if (name === 'preview.js') return send(c, 200, await previewScript(), ASSET_TYPES['.js']);
  if (name === 'preview.css') return send(c, 200, await previewStylesheet(), ASSET_TYPES['.css']);
  return send(c, 404, REFUSALS.missing);
}

/** What failed, for the terminal: the error's kind and the system call, never its message, which may hold her folder names or a password. */
function logFailure(error: unknown): void {
  const failure = error as { code?: string; syscall?: string; name?: string } | null | undefined;
  const kind = failure?.code
    ? `${failure.code}${failure.syscall ? ` in ${failure.syscall}` : ''}`
    : (failure?.name ?? 'Error');
  console.error(`The desk could not do that (${kind}).`);
}

/** Where the router finds a request: under her session's secret path (compared in constant time), IN + the desk's address from /; anywhere else, OUT + its path. */
const IN = '/in';
const OUT = '/out';
const routedPath = (request: Request, session: Session) => {
  const path = new URL(request.url).pathname;
  return sameToken(path.slice(0, session.path.length), session.path)
    ? `${IN}${path.slice(session.path.length - 1)}`
    : `${OUT}${path}`;
};

/**
 * The desk's answers, in the order they are tried: its headers on every answer; the Host, Origin
 * and Fetch-Metadata refusals; the open address; her session (the secret path and the cookie);
 * then her changes (POST: the token header, the body's kind and size), her photos, its assets and
 * pages. `routes.pages[path](request, rest)` returns HTML; `routes.photo(id)` a thumbnail or null;
 * `routes.posts[path](body)` `{ status, json }`, or `{ stream }`: a function handed `write(line)`,
 * each line sent as one line of JSON as it comes; `routes.reads[path]()` the JSON a GET with the
 * token header answers.
 */
function deskApp({ port, session, routes }: { port: () => number; session: Session; routes: DeskRoutes }) {
  const app = new Hono<DeskEnv>({ getPath: (request) => routedPath(request, session) });
  const cookie = () => cookieName(port());

  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(DESK_HEADERS)) c.res.headers.set(name, value);
    const path = c.req.path;
    if (path.startsWith(`${IN}/preview/`)) c.res.headers.set('Content-Security-Policy', PREVIEW_PAGE_CSP);
    if (path.startsWith(`${IN}/preview-frame/`)) {
      for (const [name, value] of Object.entries(PREVIEW_FRAME_HEADERS)) c.res.headers.set(name, value);
    }
  });
  app.use(async (c, next) => {
    const refusal = requestRefusal(c.env.incoming, port());
    return refusal ? send(c, refusal.status, refusal.body) : next();
  });

  app.get(`${OUT}${OPEN_PATH}*`, (c) => {
    const open = c.req.path.slice(`${OUT}${OPEN_PATH}`.length);
    if (c.req.method !== 'GET' || !sameToken(open, session.open)) return send(c, 403, REFUSALS.token);
    // Spent: the address in her history opens nothing. She is sent to the desk's secret path, with
    // a cookie of another value that only a request for that path carries.
    session.open = null;
    setCookie(c, cookie(), session.secret, cookieAttributes(session.path));
    return c.redirect(session.path, 303);
  });
  app.all(`${OUT}/*`, (c) => send(c, 403, REFUSALS.token));
  app.use(`${IN}/*`, async (c, next) =>
    sameToken(getCookie(c, cookie()), session.secret) ? next() : send(c, 403, REFUSALS.token),
  );

  const token: MiddlewareHandler<DeskEnv> = async (c, next) =>
    sameToken(c.req.header(TOKEN_HEADER), session.token) ? next() : send(c, 403, REFUSALS.token);
  const sentAs =
    (type: string, refusal: string): MiddlewareHandler<DeskEnv> =>
    async (c, next) =>
      (c.req.header('content-type') ?? '').startsWith(type) ? next() : send(c, 415, refusal);
  const answered = (c: DeskContext, result: PostAnswer) => {
    if (!result.stream) {
      return send(c, result.status, JSON.stringify(result.json), 'application/json; charset=utf-8');
    }
    const lines = result.stream;
    // A long change (publishing) answers line by line: its progress, then its outcome.
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    return stream(c, async (out) => {
      try {
        await lines((line) => void out.write(`${JSON.stringify(line)}\n`));
      } catch (error) {
        logFailure(error);
      }
    });
  };
  for (const [path, post] of Object.entries(routes.posts)) {
    if (typeof post !== 'function') {
      // A photo of hers, copied in: its bytes as they are, its name in a header. A larger one is
      // refused by its Content-Length before a byte is read, or as soon as its bytes pass the limit.
      const limit = bodyLimit({ maxSize: MAX_PHOTO_BYTES, onError: (c) => send(c, 413, BODY_REFUSALS.photoSize) });
      app.post(`${IN}${path}`, token, sentAs('application/octet-stream', BODY_REFUSALS.photoType), limit, async (c) =>
        answered(c, await post.raw(Buffer.from(await c.req.arrayBuffer()), c.env.incoming.headers)),
      );
    } else {
      const limit = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: (c) => send(c, 400, BODY_REFUSALS.json) });
      app.post(`${IN}${path}`, token, sentAs('application/json', BODY_REFUSALS.jsonType), limit, async (c) => {
        let body: unknown;
        try {
          body = JSON.parse((await c.req.text()) || '{}');
        } catch {
          return send(c, 400, BODY_REFUSALS.json);
        }
        if (!body || typeof body !== 'object') return send(c, 400, BODY_REFUSALS.json);
        return answered(c, await post(body as Record<string, unknown>));
      });
    }
    app.get(`${IN}${path}`, (c) => send(c, 405, REFUSALS.method, undefined, { Allow: 'POST' }));
  }

  // What a page's script reads later: the token in its header too, as a change's, and GET alone.
  for (const [path, read] of Object.entries(routes.reads ?? {})) {
    app.get(`${IN}${path}`, token, async (c) =>
      send(c, 200, JSON.stringify(await read()), 'application/json; charset=utf-8'),
    );
    app.all(`${IN}${path}`, (c) => send(c, 405, REFUSALS.method, undefined, { Allow: 'GET' }));
  }

  app.get(`${IN}/assets/*`, (c) => serveAsset(c, c.req.path.slice(`${IN}/assets/`.length)));
  // A gallery sealed in memory for the preview: its files, as the site's /vault/ serves them.
  app.get(`${IN}/preview-vault/*`, (c) => {
    const [page = '', ...name] = c.req.path.slice(`${IN}/preview-vault/`.length).split('/');
    const file = routes.previewFile?.(page, name.join('/')) ?? null;
    return file ? send(c, 200, new Uint8Array(file), 'application/octet-stream') : send(c, 404, REFUSALS.missing);
  });
  app.get(`${IN}/photo/*`, async (c) => {
    const photo = await routes.photo(c.req.path.slice(`${IN}/photo/`.length));
    return photo ? send(c, 200, new Uint8Array(photo), 'image/jpeg') : send(c, 404, REFUSALS.missing);
  });
  // A page by its path, or under a path ending in / (its opaque id after it).
  const page = (path: string, under: boolean) => async (c: DeskContext) => {
    const own = c.req.path.slice(IN.length);
    if (under && !own.startsWith(path)) return send(c, 404, REFUSALS.missing);
    const html = await routes.pages[path]!(c.env.incoming, under ? own.slice(path.length) : '');
    return html === null
      ? send(c, 404, REFUSALS.missing)
      : send(c, 200, mounted(String(html), session.path), 'text/html; charset=utf-8');
  };
  const paths = Object.keys(routes.pages);
  for (const path of paths) app.get(`${IN}${path}`, page(path, false));
  for (const path of paths.filter((key) => key.length > 1 && key.endsWith('/'))) {
    app.get(`${IN}${path}*`, page(path, true));
  }
  app.all(`${IN}/*`, (c) =>
    ['GET', 'HEAD', 'POST'].includes(c.req.method)
      ? send(c, 404, REFUSALS.missing)
      : send(c, 405, REFUSALS.method, undefined, { Allow: 'GET, POST' }),
  );

  app.onError((error, c) => {
    logFailure(error);
    return send(c, 500, FAILED);
  });
  return app;
}

/**
 * Starts the desk on 127.0.0.1:`port` (0: any free port), `token` being the page's token for a
 * POST's header (routes.ts puts it in the page). Resolves to its port, the address that opens it
 * (with the open token, good once), close(), and for tests in this process its `session`: the path
 * it is served under and the cookie a browser that opened it sends (`name=secret`). Nothing is
 * logged: an error answers 500 with one sentence.
 */
/** A started desk (startDesk). */
export interface Desk {
  port: number;
  token: string;
  address: string;
  session: { path: string; cookie: string };
  close: () => Promise<void>;
  server: Server;
}

export function startDesk({
  port = 0,
  token = newToken(),
  routes,
}: {
  port?: number;
  token?: string;
  routes: DeskRoutes;
}): Promise<Desk> {
  const session = newSession(token);
  // Listening on a TCP port, the server's address is always an AddressInfo (a string only for a pipe).
  const portOf = () => (server.address() as AddressInfo).port;
  const app = deskApp({ port: portOf, session, routes });
  const server = createServer(
    // Its Request and Response become the process's, as Hono's own serve() does: the body limit
    // re-reads a body sent without its length through them (Node's own Request cannot).
    getRequestListener(app.fetch, {
      // A request Hono cannot read as one (a Host or an address no browser sends): refused, in the desk's headers.
      errorHandler: () => new Response(REFUSALS.unreadable, { status: 400, headers: DESK_HEADERS }),
    }),
  );
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      // Her pages' stylesheet, compiled while she opens the address (a failure is said when asked for).
      deskStylesheet().catch(() => {});
      islandsScript().catch(() => {});
      const bound = portOf();
      done({
        port: bound,
        token,
        address: `http://127.0.0.1:${bound}${OPEN_PATH}${session.open}`,
        session: { path: session.path, cookie: `${cookieName(bound)}=${session.secret}` },
        close: () => new Promise<void>((closed) => server.close(() => closed())),
        server,
      });
    });
  });
}
