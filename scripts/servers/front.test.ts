import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect as http2Connect } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { caCertPath, clientHeaders, injectRecorder, startFront, upstreamHeaders } from './front.ts';

const PAGE =
  '<!DOCTYPE html><html lang="en"><head data-x="1"><meta charset="utf-8"><title>Café · ünïcode</title></head><body>é</body></html>';
const POLICY = "default-src 'self'; script-src 'self' 'sha256-abc'";

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function get(url: string, ca?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? httpsRequest : httpRequest;
    const req = send(url, { ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('injectRecorder', () => {
  test('puts the recorder first in <head>, attributes kept', () => {
    expect(injectRecorder(PAGE)).toContain(
      '<head data-x="1"><script src="/__recorder.js"></script><meta charset="utf-8">',
    );
  });
  test('leaves a document without <head> alone', () => {
    expect(injectRecorder('<p>no head</p>')).toBe('<p>no head</p>');
  });
});

/** One request over HTTP/2 (ALPN h2), as a browser makes it. */
function getH2(origin: string, path: string, ca: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const session = http2Connect(origin, { ca });
    session.on('error', reject);
    const stream = session.request({ ':path': path, ...headers });
    let answerHeaders: IncomingHttpHeaders = {};
    stream.on('response', (h) => (answerHeaders = h as IncomingHttpHeaders));
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      session.close();
      resolve({ status: Number(answerHeaders[':status']), headers: answerHeaders, body: Buffer.concat(chunks) });
    });
    stream.on('error', reject);
    stream.end();
  });
}

describe('headers across the front', () => {
  test('the upstream gets the client headers without pseudo or connection headers, and its host', () => {
    const headers = upstreamHeaders(
      {
        ':authority': '127.0.0.1:8443',
        ':path': '/x',
        connection: 'keep-alive',
        'accept-encoding': 'br, gzip',
        accept: '*/*',
      },
      { identity: false },
    );
    expect(headers).toEqual({
      host: '127.0.0.1:8443',
      accept: '*/*',
      'accept-encoding': 'br, gzip',
      'x-forwarded-proto': 'https',
    });
    expect(upstreamHeaders({ host: 'a', 'accept-encoding': 'gzip' }, { identity: true })['accept-encoding']).toBe(
      'identity',
    );
  });
  test('the client gets every header as sent, a repeated one still twice, connection headers dropped', () => {
    expect(
      clientHeaders([
        'Content-Type',
        'text/html',
        'Link',
        '<a>',
        'Connection',
        'keep-alive',
        'link',
        '<b>',
        'Transfer-Encoding',
        'chunked',
      ]),
    ).toEqual({ 'content-type': 'text/html', link: ['<a>', '<b>'] });
  });
});

describe('startFront', () => {
  let upstream: Server;
  let seen: IncomingHttpHeaders[] = [];
  let front: Awaited<ReturnType<typeof startFront>>;
  let ca: Buffer;
  let plain: Awaited<ReturnType<typeof startFront>>;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      if (req.url?.startsWith('/page')) {
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': POLICY,
          'x-extra': 'kept',
        });
        res.end(PAGE);
      } else if (req.url === '/packed') {
        // Stands in for the host compressing what the browser accepts.
        res.writeHead(
          200,
          [
            ['content-type', 'text/css'],
            ['content-encoding', req.headers['accept-encoding'] === 'identity' ? 'identity' : 'gzip'],
            ['set-cookie', 'a=1'],
            ['set-cookie', 'b=2'],
          ].flat(),
        );
        res.end('body{}');
      } else {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-security-policy': POLICY });
        res.end(Buffer.from([0, 1, 2, 255]));
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const port = (upstream.address() as AddressInfo).port;
    front = await startFront({ upstream: `http://127.0.0.1:${port}`, httpsPort: 0, httpPort: 0, inject: true });
    plain = await startFront({ upstream: `http://127.0.0.1:${port}`, httpsPort: 0 });
    ca = readFileSync(caCertPath());
  });
  afterAll(async () => {
    await front.close();
    await plain.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  test('serves HTTPS with a certificate for 127.0.0.1 from the local CA, injecting into HTML with a right Content-Length', async () => {
    seen = [];
    const answer = await get(`${front.origin}/page?x=1`, ca);
    expect(answer.status).toBe(200);
    const html = answer.body.toString('utf8');
    expect(html).toBe(injectRecorder(PAGE));
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    // The site's headers pass unchanged: the policy is never weakened.
    expect(answer.headers['content-security-policy']).toBe(POLICY);
    expect(answer.headers['x-extra']).toBe('kept');
    expect(seen[0]?.['accept-encoding']).toBe('identity');
  });

  test('passes other responses through byte for byte', async () => {
    const answer = await get(`${front.origin}/file.bin`, ca);
    expect([...answer.body]).toEqual([0, 1, 2, 255]);
    expect(answer.headers['content-security-policy']).toBe(POLICY);
  });

  test('serves the recorder as a script of its own', async () => {
    const answer = await get(`${front.origin}/__recorder.js`, ca);
    expect(answer.headers['content-type']).toMatch(/^text\/javascript/);
    const source = answer.body.toString('utf8');
    for (const event of ["'error'", "'unhandledrejection'", "'securitypolicyviolation'", 'sessionStorage']) {
      expect(source).toContain(event);
    }
  });

  test('speaks HTTP/2 to a client that offers it, as the host does, injecting the same way', async () => {
    const answer = await getH2(front.origin, '/page', ca);
    expect(answer.status).toBe(200);
    expect(answer.body.toString('utf8')).toBe(injectRecorder(PAGE));
    expect(answer.headers['content-security-policy']).toBe(POLICY);
  });

  test("without the recorder, compression is the host's: the client's Accept-Encoding reaches it", async () => {
    seen = [];
    const answer = await getH2(plain.origin, '/packed', ca, { 'accept-encoding': 'gzip, br' });
    expect(seen[0]?.['accept-encoding']).toBe('gzip, br');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    // With the recorder, HTML must come uncompressed to be edited.
    seen = [];
    await getH2(front.origin, '/packed', ca, { 'accept-encoding': 'gzip, br' });
    expect(seen[0]?.['accept-encoding']).toBe('identity');
  });

  test('answers plain HTTP with a 301 to the same address on HTTPS', async () => {
    const answer = await get(`http://127.0.0.1:${front.httpPort}/faq?q=1`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe(`${front.origin}/faq?q=1`);
  });
});
