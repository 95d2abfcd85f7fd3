#!/usr/bin/env node
// A small TLS front for the site under test, as the CDN puts one in front of it:
//   - HTTPS on `httpsPort`, HTTP/2 for browsers that offer it (as the host serves the site; over
//     plain HTTP/1.1 a browser opens up to six connections, each starting slow, which no visitor
//     of the deployed site does) and HTTP/1.1 for the rest, passing every request to `upstream`
//     (e.g. `wrangler pages dev` on http://127.0.0.1:N) and every answer back unchanged, headers
//     and compression included (only the connection's own headers, which HTTP/2 forbids, are dropped);
//   - plain HTTP on `httpPort` answering 301 to the same path on HTTPS;
//   - with `inject`, the first element of every HTML page's <head> becomes
//     <script src="/__recorder.js"></script>, a same-origin classic script (so the site's own
//     `script-src 'self'` allows it: the policy is never weakened for tests) that records page
//     errors, unhandled rejections and CSP violations for browsers whose automation cannot, and
//     carries e2e/tap-at-hydration.ts (a tap at the moment an island hydrates, when a test asks).
// The certificate comes from a throwaway local CA made once with the `openssl` CLI and cached in
// node_modules/.cache/local-ca/; browsers under test accept it as an insecure certificate.
//
// CLI: node scripts/servers/front.ts --upstream http://127.0.0.1:8788 [--https 8443] [--http 8080] [--inject]
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import {
  request as httpRequest,
  createServer as createHttpServer,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders as Http2Headers } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
// The hook that taps an element the moment its island hydrates, for a test that arms it.
import { TAP_AT_HYDRATION } from '../../e2e/tap-at-hydration.ts';

const CACHE = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'local-ca');
export const RECORDER_PATH = '/__recorder.js';
const RECORDER_TAG = `<script src="${RECORDER_PATH}"></script>`;

/** Path of the local CA's certificate (PEM), made on first use. */
export function caCertPath(): string {
  ensureCertificates();
  return join(CACHE, 'ca.crt');
}

/**
 * The base64 SHA-256 of the server certificate's public key, for Chromium's
 * `--ignore-certificate-errors-spki-list`: it trusts this one throwaway key and no other bad certificate.
 */
export function serverKeyHash(): string {
  ensureCertificates();
  const certificate = new X509Certificate(readFileSync(join(CACHE, 'server.crt')));
  const spki = certificate.publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}

/** Makes the CA and the server certificate for 127.0.0.1 and localhost once; later calls reuse them. */
function ensureCertificates(): void {
  if (['ca.crt', 'server.crt', 'server.key'].every((name) => existsSync(join(CACHE, name)))) return;
  mkdirSync(join(CACHE, '..'), { recursive: true });
  // Built in a scratch folder and renamed into place, so two runs starting at once cannot mix halves.
  const work = mkdtempSync(join(CACHE, '..', 'local-ca-'));
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'ca.key');
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-sha256',
      '-days',
      '3650',
      '-subj',
      '/CN=Local test CA (throwaway)',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-out',
      'ca.crt',
    );
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', 'server.key');
    openssl('req', '-new', '-key', 'server.key', '-subj', '/CN=localhost', '-out', 'server.csr');
    writeFileSync(
      join(work, 'server.ext'),
      [
        'basicConstraints=CA:FALSE',
        'keyUsage=critical,digitalSignature',
        'extendedKeyUsage=serverAuth',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
      ].join('\n'),
    );
    openssl(
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-sha256',
      '-days',
      '825',
      '-extfile',
      'server.ext',
      '-out',
      'server.crt',
    );
    if (existsSync(CACHE)) rmSync(work, { recursive: true, force: true });
    else renameSync(work, CACHE);
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    const detail = error instanceof Error && 'stderr' in error ? String(error.stderr) : String(error);
    throw new Error(`front: could not make the local test certificate with openssl: ${detail}`);
  }
}

/**
 * The recorder, a classic script: collects what would otherwise be lost (WebKitWebDriver offers no
 * console log), in window.__engineErrors and, so a test can read them after the page has moved
 * on, in sessionStorage.
 */
const RECORDER = `(function () {
  var KEY = '__engineErrors';
  var list = [];
  try { list = JSON.parse(sessionStorage.getItem(KEY) || '[]'); } catch (e) { list = []; }
  window.__engineErrors = list;
  function record(entry) {
    entry.page = location.pathname + location.search;
    list.push(entry);
    try { sessionStorage.setItem(KEY, JSON.stringify(list)); } catch (e) { /* storage off: memory only */ }
  }
  function text(value) {
    if (value && value.stack) return String(value.stack);
    if (value && value.message) return String(value.message);
    try { return String(value); } catch (e) { return '(unprintable)'; }
  }
  // Script errors reach window; failed resource loads do not bubble, so they are not counted here.
  window.addEventListener('error', function (event) {
    record({ type: 'error', message: event.message || text(event.error), source: event.filename || '', line: event.lineno || 0 });
  });
  window.addEventListener('unhandledrejection', function (event) {
    record({ type: 'unhandledrejection', message: text(event.reason), source: '' });
  });
  document.addEventListener('securitypolicyviolation', function (event) {
    record({
      type: 'securitypolicyviolation',
      message: event.effectiveDirective + ' blocked ' + (event.blockedURI || '(inline)'),
      source: event.sourceFile || '',
      line: event.lineNumber || 0,
      sample: event.sample || ''
    });
  }, true);
})();
`;

/** Inserts the recorder as the first element of <head>. */
export function injectRecorder(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + RECORDER_TAG + html.slice(at);
}

/** Headers that belong to one connection, not to the message: never forwarded (HTTP/2 forbids them). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

/** The request's headers for the upstream: the client's own, without pseudo and connection headers. */
export function upstreamHeaders(incoming: Http2Headers, { identity }: { identity: boolean }): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!name.startsWith(':') && !HOP_BY_HOP.has(name) && value !== undefined) headers[name] = value;
  }
  // HTTP/2 names the host in its :authority pseudo-header, HTTP/1.1 in Host.
  headers.host = incoming[':authority'] ?? incoming.host;
  headers['x-forwarded-proto'] = 'https';
  // The recorder is written into HTML, which needs the page uncompressed; otherwise the host compresses.
  if (identity) headers['accept-encoding'] = 'identity';
  return headers;
}

/**
 * The answer's headers for the client, from the upstream's raw list: every header as sent (a header
 * sent twice stays two headers, never joined), connection headers dropped.
 */
export function clientHeaders(rawHeaders: string[]): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  // Names and values alternate: [name, value, name, value, …], so both are always there.
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    if (HOP_BY_HOP.has(name)) continue;
    const value = rawHeaders[i + 1] ?? '';
    const seen = headers[name];
    headers[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return headers;
}

/** A running front: its HTTPS origin, the ports bound, and how to end it. */
export interface Front {
  origin: string;
  httpsPort: number;
  httpPort: number | undefined;
  close: () => Promise<void>;
}

/** Starts the front; resolves once both ports listen (ports 0 pick free ones). */
export async function startFront({
  upstream,
  httpsPort,
  httpPort,
  inject = false,
  host = '127.0.0.1',
}: {
  upstream: string;
  httpsPort: number;
  httpPort?: number | undefined;
  inject?: boolean;
  host?: string;
}): Promise<Front> {
  ensureCertificates();
  const target = new URL(upstream);
  const https = createSecureServer(
    { key: readFileSync(join(CACHE, 'server.key')), cert: readFileSync(join(CACHE, 'server.crt')), allowHTTP1: true },
    (req, res) => {
      if (inject && req.method === 'GET' && req.url === RECORDER_PATH) {
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        });
        res.end(RECORDER + TAP_AT_HYDRATION);
        return;
      }
      const headers = upstreamHeaders(req.headers, { identity: inject });
      const upstreamRequest = httpRequest(
        { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          const type = String(answer.headers['content-type'] ?? '');
          if (!inject || !type.startsWith('text/html') || req.method === 'HEAD') {
            res.writeHead(answer.statusCode ?? 502, clientHeaders(answer.rawHeaders));
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => chunks.push(chunk));
          answer.on('end', () => {
            const body = Buffer.from(injectRecorder(Buffer.concat(chunks).toString('utf8')), 'utf8');
            const outHeaders = { ...clientHeaders(answer.rawHeaders), 'content-length': String(body.length) };
            res.writeHead(answer.statusCode ?? 200, outHeaders);
            res.end(body);
          });
          answer.on('error', () => res.destroy());
        },
      );
      upstreamRequest.on('error', (error) => {
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`front: upstream ${upstream} did not answer: ${error.message}\n`);
      });
      req.pipe(upstreamRequest);
    },
  );
  // HTTP/2 sessions (and HTTP/1.1 sockets) stay open while a browser lives: closing ends them.
  const sockets = new Set<Socket>();
  https.on('secureConnection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const servers: (Http2SecureServer | Server)[] = [https];
  const boundHttps = await listen(https, httpsPort, host);
  let boundHttp: number | undefined;
  if (httpPort !== undefined) {
    const http = createHttpServer((req, res) => {
      const hostname = (req.headers.host ?? host).replace(/:\d+$/, '');
      res.writeHead(301, { location: `https://${hostname}:${boundHttps}${req.url ?? '/'}` });
      res.end();
    });
    servers.push(http);
    boundHttp = await listen(http, httpPort, host);
  }
  return {
    origin: `https://${host}:${boundHttps}`,
    httpsPort: boundHttps,
    httpPort: boundHttp,
    close: () =>
      Promise.all(
        servers.map(
          (server) =>
            new Promise((resolve) => {
              if ('closeAllConnections' in server) server.closeAllConnections();
              if (server === https) for (const socket of sockets) socket.destroy();
              server.close(() => resolve(undefined));
            }),
        ),
      ).then(() => undefined),
  };
}

/** Listens on `port` (0: any free port); resolves to the port bound. */
function listen(server: Http2SecureServer | Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // Listening on a TCP port: address() is that port's AddressInfo (a string only for a pipe).
      resolve((server.address() as AddressInfo).port);
    });
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      upstream: { type: 'string' },
      https: { type: 'string', default: '8443' },
      http: { type: 'string' },
      inject: { type: 'boolean', default: false },
      'print-ca': { type: 'boolean', default: false },
    },
  });
  if (values['print-ca']) {
    console.log(caCertPath());
  } else {
    if (!values.upstream) {
      console.error(
        'Usage: node scripts/servers/front.ts --upstream http://127.0.0.1:PORT [--https N] [--http N] [--inject]',
      );
      process.exit(2);
    }
    const front = await startFront({
      upstream: values.upstream,
      httpsPort: Number(values.https),
      httpPort: values.http ? Number(values.http) : undefined,
      inject: values.inject,
    });
    console.log(`front: ${front.origin} → ${values.upstream}${values.inject ? ' (recorder injected)' : ''}`);
    console.log(`front: CA certificate ${caCertPath()}`);
    const stop = () => front.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
}
