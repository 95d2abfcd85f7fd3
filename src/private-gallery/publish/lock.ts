/**
 * One publish at a time per bucket. Everything that writes the manifest (publish, close, remove,
 * and the desk later: they all go through publishGalleries) first writes `publish-lock.json` into
 * the bucket, only if it is not there (R2's conditional put, atomic), holding when and on which
 * computer that publish started; it is deleted at the end, whether the publish worked or failed.
 * A second publish meanwhile, from this computer or another, is refused with one sentence and
 * changes nothing. A lock left by a run that never reached its end (a closed window, Ctrl-C, a
 * crash) stays until the owner breaks it with `--unlock`: nothing guesses that a run has died.
 *
 * The name is outside serve.ts's VAULT_NAME, so the host never serves it; publishing leaves it
 * out of what it lists (build.ts), so it is never pruned nor recorded.
 */
import { hostname } from 'node:os';
import { toHex, randomBytes } from '../format/encodings.ts';
import type { Logger } from './secrets.ts';
import type { VaultTarget } from './target.ts';

/** The lock's name in the bucket: not a VAULT_NAME, so never served (404). */
export const PUBLISH_LOCK = 'publish-lock.json';

/** What the lock holds: when and where the publish holding it started. */
export interface LockNote {
  /** When it started (ISO). */
  started: string;
  /** The computer it runs on (os.hostname). */
  host: string;
  /** This run's own mark: it deletes the lock only while the lock is still its own. */
  run: string;
}

export interface LockOptions {
  /** Break a lock left by a run that stopped halfway, then take it (`--unlock`). */
  unlock?: boolean;
  /** The command that breaks a stale lock, named in the refusal; by default the owner's. */
  unlockWith?: string;
  /**
   * What a refusal tells her to do where she is not at the command line (the desk), instead of a
   * command: `unlock` breaks a stale lock, `again` runs this publish again.
   */
  howTo?: { unlock: string; again: string };
  /** Says which lock `unlock` broke. */
  logger?: Logger;
  now?: Date;
  host?: string;
}

/** Refused: another publish holds the bucket's lock. Its message is the one sentence to print. */
export class PublishLocked extends Error {}

/** "at 14:02 UTC on 2026-11-28 (3 minutes ago)", from the lock's start (or a publish's) and the time now. */
export function whenStarted(note: { started: string } | null, now: Date) {
  const started = note ? new Date(note.started) : null;
  if (!started || Number.isNaN(started.getTime())) return 'at a time it does not say';
  const minutes = Math.max(0, Math.round((now.getTime() - started.getTime()) / 60_000));
  const ago =
    minutes < 1
      ? 'just now'
      : minutes < 120
        ? `${minutes} minute${minutes === 1 ? '' : 's'} ago`
        : minutes < 2880
          ? `${Math.round(minutes / 60)} hours ago`
          : `${Math.round(minutes / 1440)} days ago`;
  return `at ${started.toISOString().slice(11, 16)} UTC on ${started.toISOString().slice(0, 10)} (${ago})`;
}

async function readNote(target: VaultTarget): Promise<LockNote | null> {
  const bytes = await target.get(PUBLISH_LOCK);
  if (!bytes) return null;
  try {
    return JSON.parse(Buffer.from(bytes).toString('utf8')) as LockNote;
  } catch {
    return null;
  }
}

/** The owner's command that breaks the lock on `target` and publishes. */
const unlockCommand = (target: VaultTarget) =>
  `npm run galleries -- publish${target.remote ? '' : ' --local'} --unlock`;

/** The owner's command that ran this publish, without --unlock: to run it again. */
export const againCommand = (target: VaultTarget, options: LockOptions = {}) =>
  options.unlockWith?.replace(/ --unlock$/, '') ?? `npm run galleries -- publish${target.remote ? '' : ' --local'}`;

/**
 * Takes the bucket's lock, or throws PublishLocked with the sentence that says when and where
 * the publish holding it started and how to break it. Returns the release, for a `finally`.
 */
export async function takeLock(target: VaultTarget, options: LockOptions = {}): Promise<() => Promise<void>> {
  const now = options.now ?? new Date();
  if (options.unlock) {
    const old = await readNote(target);
    if (old || (await target.version(PUBLISH_LOCK))) {
      await target.delete([PUBLISH_LOCK]);
      options.logger?.warn(
        `The lock of the publish started ${whenStarted(old, now)} on ${old?.host ?? 'an unnamed computer'} was broken.`,
      );
    }
  }
  const note: LockNote = { started: now.toISOString(), host: options.host ?? hostname(), run: toHex(randomBytes(16)) };
  if (!(await target.putIf(PUBLISH_LOCK, JSON.stringify(note), null))) {
    const held = await readNote(target);
    throw new PublishLocked(
      `Nothing was published: another publish to ${target.label} started ${whenStarted(held, now)} on ${held?.host ?? 'an unnamed computer'} and has not finished; wait for it, or, if it stopped halfway (a closed window, Ctrl-C), ${options.howTo?.unlock ?? `run "${options.unlockWith ?? unlockCommand(target)}"`} to break its lock.`,
    );
  }
  return async () => {
    // Deleted only while it is still this run's (an --unlock elsewhere may have taken it since).
    // A failure here never hides the publish's own: the next publish names --unlock.
    try {
      if ((await readNote(target))?.run === note.run) await target.delete([PUBLISH_LOCK]);
    } catch (error) {
      options.logger?.warn(
        `The lock on ${target.label} could not be removed (${error instanceof Error ? error.message : error}): the next publish will say how to break it.`,
      );
    }
  };
}
