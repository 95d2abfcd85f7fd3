// The studio desk: the private galleries in the browser, on this computer only.
//   npm run desk                      starts it and opens the browser on it
//   npm run desk -- --no-open         prints the address to open instead
//   npm run desk -- --port 4400       on that port (default: any free one)
//   npm run desk -- --local           publishes to the local preview's bucket, not the one on Cloudflare
//   npm run desk -- --persist-to <dir>   that local bucket's folder (default .wrangler/state)
//   npm run desk -- --site-url <url>     the site her links open (default: content/settings.yaml's siteUrl;
//                                        for the local preview, its address, e.g. http://127.0.0.1:4321)
// The address it prints holds a new random key each time and opens the desk once: only the browser
// that opened it reaches the desk, and only from this computer. Stop it with Ctrl+C.
import { spawn } from 'node:child_process';
import { registerJsx } from '../shared/jsx.ts';
import { fileHeader, readOptions } from '../shared/options.ts';
import { liveDeskSetup } from '../../src/desk/server/actions.ts';
import { newToken, startDesk, type Desk } from '../../src/desk/server/server.ts';

// The pages are React components (src/desk/pages/): Node reads their JSX once this is registered,
// so the routes that import them are imported after it.
registerJsx();
const { deskRoutes } = await import('../../src/desk/server/routes.ts');

const { values } = readOptions({
  name: 'desk',
  usage: 'npm run desk [-- --no-open] [--port <number>] [--local] [--persist-to <dir>] [--site-url <url>]',
  help: fileHeader(import.meta.url),
  options: {
    'no-open': { type: 'boolean' },
    port: { type: 'string' },
    local: { type: 'boolean' },
    'persist-to': { type: 'string' },
    'site-url': { type: 'string' },
  },
});
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`desk: --port ${values.port} is not a port: a whole number from 1 to 65535.`);
  process.exit(1);
}

/** Opens the system's browser on `address`: open (macOS), start (Windows), xdg-open (elsewhere). */
function openBrowser(address: string): void {
  const [command, args]: [string, string[]] =
    process.platform === 'darwin'
      ? ['open', [address]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', address]]
        : ['xdg-open', [address]];
  const child = spawn(command, args, { stdio: 'ignore', detached: true });
  child.on('error', () => console.log('The browser did not open: open the address above in it.'));
  child.unref();
}

// What the desk works on, followed as her galleries folder, .env and passwords.env change.
const setup = liveDeskSetup({
  local: !!values.local,
  ...(values['persist-to'] ? { persistTo: values['persist-to'] } : {}),
});
await setup();
// The page's token for a change's header; the open address and the browser's session are the
// server's own (server.ts newSession), each a different random value.
const token = newToken();
let desk: Desk;
try {
  desk = await startDesk({
    port,
    token,
    routes: deskRoutes({ setup, token, ...(values['site-url'] ? { siteUrl: values['site-url'] } : {}) }),
  });
} catch (error) {
  // What server.listen fails with: a system error, with its code (EADDRINUSE: the port is taken).
  const failure = error as NodeJS.ErrnoException;
  console.error(
    failure.code === 'EADDRINUSE'
      ? `desk: port ${port} is taken: start it with another, e.g. "npm run desk -- --port ${port + 1}", or none to take a free one.`
      : `desk: it could not start: ${failure.message}`,
  );
  process.exit(1);
}
console.log(
  `The studio desk is open at\n  ${desk.address}\nfor this computer only; this address opens it once, in one browser. Stop it with Ctrl+C.`,
);
if (!values['no-open']) openBrowser(desk.address);
// Ctrl+C closes the desk; a second Ctrl+C (a close that hangs, a photo still being read) ends it at once.
let stopping = false;
const stop = () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log('Closing the desk… (Ctrl+C again to end it now)');
  Promise.allSettled([desk.close(), setup.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
