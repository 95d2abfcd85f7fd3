/**
 * The studio's optional notice (issue 34, goal 4): once a message is stored, a mail that says only
 * that a gallery has a new selection waiting (no name, no photo, no note: the host knows none).
 *
 * A Pages Function cannot bind `send_email` (wrangler's Pages configuration accepts `services` but
 * not `send_email`), so the Function calls a tiny Worker through a service binding, INBOX_NOTIFY,
 * and that Worker (workers/inbox-notify/) sends the mail with its `send_email` binding. Off by
 * default: without the binding nothing is sent. The Worker has no public address
 * (workers_dev = false), so only the Function can ask it to send.
 */
import type { InboxNotice } from './inbox-host.ts';

/** The service binding's name in the Pages project (absent: no notice). */
export const NOTIFY_BINDING = 'INBOX_NOTIFY';

/** The one mail the studio is sent, word for word. */
export const NOTICE = {
  subject: 'A new selection is waiting',
  text:
    'A client has sent you her selection from one of your private galleries.\n\n' +
    'To read it, run this on your computer: npm run galleries -- inbox\n',
} as const;

/** The part of a service binding the Function uses. */
export interface NotifyBinding {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

/**
 * The notice for a stored message: a POST to the Worker, after her answer (waitUntil), its failure
 * never hers. Undefined without the binding.
 */
export function inboxNotice(
  binding: NotifyBinding | undefined,
  waitUntil: (promise: Promise<unknown>) => void,
): InboxNotice | undefined {
  if (!binding) return undefined;
  return () =>
    waitUntil(
      binding
        .fetch('https://inbox-notify/', { method: 'POST' })
        .then((response) => response.body?.cancel())
        .catch(() => {}),
    );
}

/** The part of a `send_email` binding the Worker uses (Cloudflare Email Service, builder form). */
export interface SendEmail {
  send(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** The Worker's answer: the notice sent to INBOX_TO from INBOX_FROM, or a 405 for anything but a POST. */
export async function notifyWorker(
  request: Request,
  env: { EMAIL: SendEmail; INBOX_FROM: string; INBOX_TO: string },
): Promise<Response> {
  if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
  await env.EMAIL.send({ from: env.INBOX_FROM, to: env.INBOX_TO, subject: NOTICE.subject, text: NOTICE.text });
  return new Response(null, { status: 204 });
}
