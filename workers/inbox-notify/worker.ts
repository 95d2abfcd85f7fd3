// The studio's optional new-selection mail (src/private-gallery/host/inbox-notify.ts): the site's
// Function calls this Worker through its INBOX_NOTIFY service binding once a client's sealed
// selection is stored; this Worker sends the one fixed mail with its send_email binding.
import { notifyWorker, type SendEmail } from '../../src/private-gallery/host/inbox-notify.ts';

interface Env {
  EMAIL: SendEmail;
  INBOX_FROM: string;
  INBOX_TO: string;
}

export default {
  fetch: (request: Request, env: Env) => notifyWorker(request, env),
};
