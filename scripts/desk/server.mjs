// The studio desk's HTTP layer: the owner's galleries in her browser, on her computer only. It
// answers at 127.0.0.1 alone, to a browser that opened the address `npm run desk` printed (a random
// token, exchanged at once for a strict cookie), with the Host and Origin headers its own; every
// change is a POST carrying the token in a header. What it does, it asks of actions.mjs, the same
// publishing code the command runs (scripts/owner/galleries.mjs).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
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

/** The header a POST carries the token in. */
export const TOKEN_HEADER = 'x-desk-token';
/** Where the address `npm run desk` opens leads: /open/<token>. */
export const OPEN_PATH = '/open/';
/** The desk's refusals, one sentence each: nothing of hers in any of them. */
export const REFUSALS = {
  host: 'This desk answers only at 127.0.0.1, on this computer.',
  origin: 'This desk takes requests from its own page only.',
  token: 'Open the desk from the address "npm run desk" printed on this computer.',
  method: 'Method not allowed',
  missing: 'There is nothing here.',
};

const ASSETS = new URL('./assets/', import.meta.url);
const ASSET_TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
const FONTS = {
  'jost.woff2': 'node_modules/@fontsource-variable/jost/files/jost-latin-wght-normal.woff2',
  'cormorant.woff2':
    'node_modules/@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2',
};

/** A new random token: 256 bits, base64url. */
export const newToken = () => randomBytes(32).toString('base64url');

/** Equal tokens, compared in constant time. */
export function sameToken(given, token) {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The cookie's name: one per port, so two desks (or another tool on localhost) never share one. */
export const cookieName = (port) => `desk-${port}`;

function cookieOf(request, name) {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function send(response, status, body, type = 'text/plain; charset=utf-8', extra = {}) {
  response.writeHead(status, { ...DESK_HEADERS, 'Content-Type': type, ...extra });
  response.end(body);
}

/**
 * Why a request is refused before anything is read, or null: a Host other than 127.0.0.1 or
 * localhost at the desk's port (a DNS-rebinding name reaches 127.0.0.1 with its own Host), an
 * Origin or Fetch-Metadata site other than the desk's own (another site's page), and for a POST an
 * Origin that is missing.
 */
export function requestRefusal(request, port) {
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
async function rawBody(request, limit) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The request's body, parsed as JSON (at most `limit` bytes), or null. */
async function jsonBody(request, limit = 64 * 1024) {
  const bytes = await rawBody(request, limit);
  if (!bytes) return null;
  try {
    return JSON.parse(bytes.toString('utf8') || '{}');
  } catch {
    return null;
  }
}

function serveAsset(response, name) {
  if (name.startsWith('fonts/') && Object.hasOwn(FONTS, name.slice(6))) {
    return send(response, 200, readFileSync(join(process.cwd(), FONTS[name.slice(6)])), 'font/woff2');
  }
  if (!/^[a-z-]+\.(js|css)$/.test(name)) return send(response, 404, REFUSALS.missing);
  send(response, 200, readFileSync(new URL(name, ASSETS)), ASSET_TYPES[extname(name)]);
}

/**
 * Answers one request: the guards, then the page (GET), an action (POST), a photo or an asset.
 * `routes.pages[path](request)` returns HTML; `routes.photo(id)` a thumbnail or null;
 * `routes.posts[path](body)` `{ status, json }`, or `{ stream }`: a function handed `write(line)`,
 * each line sent as one line of JSON as it comes.
 */
async function answer(request, response, { port, token, routes }) {
  const refusal = requestRefusal(request, port);
  if (refusal) return send(response, refusal.status, refusal.body);
  const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
  const cookie = cookieName(port);
  if (url.pathname.startsWith(OPEN_PATH) && request.method === 'GET') {
    if (!sameToken(url.pathname.slice(OPEN_PATH.length), token)) return send(response, 403, REFUSALS.token);
    // The token leaves the address at once: the page is reached at / with a cookie only this site sends.
    return send(response, 303, '', 'text/plain', {
      Location: '/',
      'Set-Cookie': `${cookie}=${token}; HttpOnly; SameSite=Strict; Path=/`,
    });
  }
  if (!sameToken(cookieOf(request, cookie), token)) return send(response, 403, REFUSALS.token);
  if (request.method === 'POST') {
    const post = routes.posts[url.pathname];
    if (!post) return send(response, 404, REFUSALS.missing);
    if (!sameToken(request.headers[TOKEN_HEADER], token)) return send(response, 403, REFUSALS.token);
    const type = request.headers['content-type'] ?? '';
    let result;
    if (post.raw) {
      // A photo of hers, copied in: its bytes as they are, its name in a header.
      if (!type.startsWith('application/octet-stream')) return send(response, 415, 'A photo is sent as its bytes.');
      const bytes = await rawBody(request, MAX_PHOTO_BYTES);
      if (!bytes) return send(response, 413, 'This file is too large for a photo.');
      result = await post.raw(bytes, request.headers);
    } else {
      if (!type.startsWith('application/json')) return send(response, 415, 'A change is sent as JSON.');
      const body = await jsonBody(request);
      if (!body || typeof body !== 'object') return send(response, 400, 'This is not a change the desk can take.');
      result = await post(body);
    }
    const { status, json, stream } = result;
    if (!stream) return send(response, status, JSON.stringify(json), 'application/json; charset=utf-8');
    // A long change (publishing) answers line by line: its progress, then its outcome.
    response.writeHead(200, { ...DESK_HEADERS, 'Content-Type': 'application/x-ndjson; charset=utf-8' });
    await stream((line) => response.write(`${JSON.stringify(line)}\n`));
    return response.end();
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return send(response, 405, REFUSALS.method, undefined, { Allow: 'GET, POST' });
  }
  if (routes.posts[url.pathname]) return send(response, 405, REFUSALS.method, undefined, { Allow: 'POST' });
  if (url.pathname.startsWith('/assets/')) return serveAsset(response, url.pathname.slice(8));
  if (url.pathname.startsWith('/photo/')) {
    const photo = await routes.photo(url.pathname.slice(7));
    return photo ? send(response, 200, photo, 'image/jpeg') : send(response, 404, REFUSALS.missing);
  }
  // A page by its path, or under a path ending in / (its opaque id after it).
  const prefix = Object.keys(routes.pages).find(
    (key) => key.length > 1 && key.endsWith('/') && url.pathname.startsWith(key),
  );
  const page = routes.pages[url.pathname] ?? (prefix ? routes.pages[prefix] : undefined);
  const body = page ? await page(request, prefix ? url.pathname.slice(prefix.length) : '') : null;
  if (body === null) return send(response, 404, REFUSALS.missing);
  send(response, 200, body, 'text/html; charset=utf-8');
}

/**
 * Starts the desk on 127.0.0.1:`port` (0: any free port). Resolves to its port, the address that
 * opens it (with the token) and close(). Nothing is logged: an error answers 500 with one sentence.
 */
export function startDesk({ port = 0, token = newToken(), routes }) {
  const server = createServer((request, response) => {
    answer(request, response, { port: server.address().port, token, routes }).catch(() => {
      if (!response.headersSent) send(response, 500, 'The desk could not do that: see the terminal it runs in.');
      else response.end();
    });
  });
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      const bound = server.address().port;
      done({
        port: bound,
        token,
        address: `http://127.0.0.1:${bound}${OPEN_PATH}${token}`,
        close: () => new Promise((closed) => server.close(closed)),
        server,
      });
    });
  });
}
