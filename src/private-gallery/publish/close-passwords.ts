/**
 * The passwords `close` and `remove` publish with. Both publish every gallery again, and must
 * always work, so a password publishing refuses never stops them; but it is relaxed only for the
 * gallery being closed, whose own password stays behind its closed index (a warning says the next
 * publish will refuse it). Any other gallery whose password fails is held (publishGalleries'
 * `hold`, as for a partner link's missing photo): carried over as it was last published, or, never
 * published, not published, and publishing's sentence names it and its line in passwords.env.
 */
import { checkPasswords, type Logger } from './secrets.ts';
import type { Env, GallerySource } from './sources.ts';

/**
 * The passwords to publish with when closing `closing` (an id), or removing (null: the gallery
 * removed has no folder, so nothing is relaxed), and the galleries to hold, with why. Throws, as
 * publishing does, when the gallery closed has no password of its own.
 */
export function closingPasswords(
  galleries: GallerySource[],
  env: Env,
  closing: string | null,
  logger?: Logger,
  root = process.cwd(),
): { passwords: Map<string, string>; hold: Map<string, string> } {
  // Hers is checked first: another gallery with the same password is the one held.
  const ordered = [...galleries].sort((a, b) => Number(b.id === closing) - Number(a.id === closing));
  const { passwords, failures } = checkPasswords(ordered, env, root);
  const hold = new Map<string, string>();
  for (const [id, failure] of failures) {
    if (id !== closing) hold.set(id, failure.reason);
    else if (failure.weak) {
      logger?.warn(failure.weak.warning);
      passwords.set(id, failure.weak.password);
    } else throw new Error(`Nothing was published:\n  ${failure.refusal}`);
  }
  return { passwords, hold };
}
