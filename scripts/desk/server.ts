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
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { stripTypeScriptTypes } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';

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
/** What startDesk answers with (routes.ts deskRoutes): its pages, its thumbnails and its changes. */
export interface DeskRoutes {
  pages: Record<string, (request: IncomingMessage, rest: string) => Promise<string | null> | string | null>;
  photo: (id: string) => Promise<Buffer | null | undefined>;
  posts: Record<string, JsonPost | RawPost>;
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
};

const ASSETS = new URL('./assets/', import.meta.url);
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

/** The attributes of the desk's cookie: never sent to another path, site or script. */
export const cookieAttributes = (path: string) => `HttpOnly; SameSite=Strict; Path=${path}`;

/** A page's addresses named from / (its href, src, action, data-action and data-stream), under `path`. */
const ROOTED = /(\s(?:href|src|action|data-action|data-stream)=")\/(?!\/)/g;
export const mounted = (html: string, path: string) => html.replace(ROOTED, `$1${path}`);

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function send(
  response: ServerResponse,
  status: number,
  body: string | Buffer,
  type = 'text/plain; charset=utf-8',
  extra: Record<string, string> = {},
): void {
  response.writeHead(status, { ...DESK_HEADERS, 'Content-Type': type, ...extra });
  response.end(body);
}

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

/** The request's body (at most `limit` bytes), or null. */
async function rawBody(request: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request's body, parsed as JSON (at most `limit` bytes), or null. */
async function jsonBody(request: IncomingMessage, limit = 64 * 1024): Promise<unknown> {
  const bytes = await rawBody(request, limit);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8') || '{}');
  } catch {
    return null;
  }
}

/**
 * The page's script, written in TypeScript (assets/desk.ts) and served as the JavaScript it is once
 * its types are stripped by Node's own stripTypeScriptTypes (what `node file.ts` does): made once,
 * at its first request.
 */
let deskScript: string | undefined;
const scriptOf = () =>
  (deskScript ??= stripTypeScriptTypes(readFileSync(new URL('desk.ts', ASSETS), 'utf8'), { mode: 'strip' }));

function serveAsset(response: ServerResponse, name: string): void {
  const font = name.startsWith('fonts/') && Object.hasOwn(FONTS, name.slice(6)) ? FONTS[name.slice(6)] : undefined;
  if (font) return send(response, 200, readFileSync(join(process.cwd(), font)), 'font/woff2');
  if (!/^[a-z-]+\.(js|css)$/.test(name)) return send(response, 404, REFUSALS.missing);
  if (name === 'desk.js') return send(response, 200, scriptOf(), ASSET_TYPES['.js']);
  send(response, 200, readFileSync(new URL(name, ASSETS)), ASSET_TYPES[extname(name)]);
}

/**
 * Answers one request: the guards, then the page (GET), an action (POST), a photo or an asset.
 * `routes.pages[path](request)` returns HTML; `routes.photo(id)` a thumbnail or null;
 * `routes.posts[path](body)` `{ status, json }`, or `{ stream }`: a function handed `write(line)`,
 * each line sent as one line of JSON as it comes.
 */
async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  { port, session, routes }: { port: number; session: Session; routes: DeskRoutes },
): Promise<void> {
  const refusal = requestRefusal(request, port);
  if (refusal) return send(response, refusal.status, refusal.body);
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  const cookie = cookieName(port);
  if (url.pathname.startsWith(OPEN_PATH) && request.method === 'GET') {
    if (!sameToken(url.pathname.slice(OPEN_PATH.length), session.open)) return send(response, 403, REFUSALS.token);
    // Spent: the address in her history opens nothing. She is sent to the desk's secret path, with
    // a cookie of another value that only a request for that path carries.
    session.open = null;
    return send(response, 303, '', 'text/plain', {
      Location: session.path,
      'Set-Cookie': `${cookie}=${session.secret}; ${cookieAttributes(session.path)}`,
    });
  }
  const under = url.pathname.slice(0, session.path.length);
  if (!sameToken(under, session.path) || !sameToken(cookieOf(request, cookie), session.secret)) {
    return send(response, 403, REFUSALS.token);
  }
  // The desk's own address, from /: what its routes know.
  const path = url.pathname.slice(session.path.length - 1);
  if (request.method === 'POST') {
    const post = routes.posts[path];
    if (!post) return send(response, 404, REFUSALS.missing);
    if (!sameToken(request.headers[TOKEN_HEADER], session.token)) return send(response, 403, REFUSALS.token);
    const type = request.headers['content-type'] ?? '';
    let result: PostAnswer;
    if (typeof post !== 'function') {
      // A photo of hers, copied in: its bytes as they are, its name in a header.
      if (!type.startsWith('application/octet-stream')) return send(response, 415, 'A photo is sent as its bytes.');
      const bytes = await rawBody(request, MAX_PHOTO_BYTES);
      if (!bytes) return send(response, 413, 'This file is too large for a photo.');
      result = await post.raw(bytes, request.headers);
    } else {
      if (!type.startsWith('application/json')) return send(response, 415, 'A change is sent as JSON.');
      const body = await jsonBody(request);
      if (!body || typeof body !== 'object') return send(response, 400, 'This is not a change the desk can take.');
      result = await post(body as Record<string, unknown>);
    }
    if (!result.stream) {
      return send(response, result.status, JSON.stringify(result.json), 'application/json; charset=utf-8');
    }
    const stream = result.stream;
    // A long change (publishing) answers line by line: its progress, then its outcome.
    response.writeHead(200, { ...DESK_HEADERS, 'Content-Type': 'application/x-ndjson; charset=utf-8' });
    await stream((line) => response.write(`${JSON.stringify(line)}\n`));
    response.end();
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return send(response, 405, REFUSALS.method, undefined, { Allow: 'GET, POST' });
  }
  if (routes.posts[path]) return send(response, 405, REFUSALS.method, undefined, { Allow: 'POST' });
  if (path.startsWith('/assets/')) return serveAsset(response, path.slice(8));
  if (path.startsWith('/photo/')) {
    const photo = await routes.photo(path.slice(7));
    return photo ? send(response, 200, photo, 'image/jpeg') : send(response, 404, REFUSALS.missing);
  }
  // A page by its path, or under a path ending in / (its opaque id after it).
  const prefix = Object.keys(routes.pages).find((key) => key.length > 1 && key.endsWith('/') && path.startsWith(key));
  const page = routes.pages[path] ?? (prefix ? routes.pages[prefix] : undefined);
  const body = page ? await page(request, prefix ? path.slice(prefix.length) : '') : null;
  if (body === null) return send(response, 404, REFUSALS.missing);
  send(response, 200, mounted(String(body), session.path), 'text/html; charset=utf-8');
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
  const server = createServer((request, response) => {
    answer(request, response, { port: portOf(), session, routes }).catch((error: unknown) => {
      // What failed, for the terminal: the error's kind and the system call, never its message, which may hold her
      // folder names or a password.
      const failure = error as { code?: string; syscall?: string; name?: string } | null | undefined;
      const kind = failure?.code
        ? `${failure.code}${failure.syscall ? ` in ${failure.syscall}` : ''}`
        : (failure?.name ?? 'Error');
      console.error(`The desk could not do that (${kind}).`);
      if (!response.headersSent) send(response, 500, 'The desk could not do that: see the terminal it runs in.');
      else response.end();
    });
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
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
