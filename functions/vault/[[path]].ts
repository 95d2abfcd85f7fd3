// The private galleries' encrypted files, read from the R2 bucket bound as VAULT, and the studio's
// inbox (POST /vault/inbox, stored in the same bucket): the only path the site's Function answers
// (public/_routes.json); every other page stays a plain static file. With a service binding
// INBOX_NOTIFY (optional), the studio is mailed that a selection is waiting.
import { vaultRoute, type InboxBucket } from '../../src/private-gallery/host/inbox-host.ts';
import { inboxNotice, type NotifyBinding } from '../../src/private-gallery/host/inbox-notify.ts';

interface Context {
  request: Request;
  env: { VAULT: InboxBucket; INBOX_NOTIFY?: NotifyBinding };
  params: { path?: string | string[] };
  waitUntil(promise: Promise<unknown>): void;
}

export const onRequest = (context: Context): Promise<Response> =>
  vaultRoute(
    context.request,
    context.env.VAULT,
    ([] as string[]).concat(context.params.path ?? []).join('/'),
    Date.now(),
    inboxNotice(context.env.INBOX_NOTIFY, (promise) => context.waitUntil(promise)),
  );
