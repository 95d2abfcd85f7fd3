/**
 * How hard an owner-chosen password is to guess: zxcvbn's estimate (its common and English
 * dictionaries, names, dates, keyboard patterns and l33t), with the gallery's name, its title and
 * the studio's name as words an attacker tries first. The password is judged as written and with
 * its spaces and punctuation taken out, the lower of the two: zxcvbn counts "-2026" after a word as
 * random characters, so "Jenna-October-2026" would pass as written. (Its Levenshtein option, which
 * catches that too, took seconds a password on a busy machine.)
 *
 * An estimate takes tens of milliseconds, and the desk asks for every gallery's at each look at her
 * galleries: the answers are remembered for the process's life, keyed by a keyed hash of the
 * password and its words (never the password itself: the hash's key is random, made in the process
 * and never written, so the hash tells nothing outside it).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's score a password needs. 4 is at least 10^10 guesses: some 80 years of one core against
 * one gallery at the vault's key derivation (format/keys.ts MIN_ITERATIONS), or weeks of a
 * high-end graphics card, which runs PBKDF2 about a thousand times faster; 3 (10^8) would be hours.
 */
export const MIN_SCORE = 4;

let estimator: ZxcvbnFactory | undefined;

/** The estimator, made once: its dictionaries take a moment to load. */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  });
  return estimator;
}

/** The words to try first for a gallery: each given text whole and word by word, in lower case. */
export function userInputsOf(...texts: string[]): string[] {
  const words = texts.flatMap((text) => [text, ...text.split(/[^\p{L}\p{N}]+/u)]);
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length > 1))];
}

/** How many answers are remembered: more than a studio's galleries; the oldest goes first. */
const REMEMBERED = 1000;
const remembered = new Map<string, boolean>();
let hashKey: Buffer | undefined;

/** The memo's key for a password and its words: an HMAC under a key that lives only in this process. */
function memoKey(password: string, userInputs: string[]): string {
  hashKey ??= randomBytes(32);
  return createHmac('sha256', hashKey)
    .update(JSON.stringify([password, ...userInputs]))
    .digest('base64url');
}

/** Null when a password is strong enough; else why not, to follow the variable's name in a message. */
export function passwordProblem(password: string, userInputs: string[]): string | null {
  const key = memoKey(password, userInputs);
  let strongEnough = remembered.get(key);
  if (strongEnough === undefined) {
    const joined = password.replace(/[^\p{L}\p{N}]+/gu, '');
    const strong = (text: string) => zxcvbn().check(text, userInputs).score >= MIN_SCORE;
    strongEnough = strong(password) && (joined === password || strong(joined));
    const oldest = remembered.keys().next();
    if (remembered.size >= REMEMBERED && !oldest.done) remembered.delete(oldest.value);
    remembered.set(key, strongEnough);
  }
  if (strongEnough) return null;
  return "is too easy to guess (names, dates, common words and the gallery's or studio's name are tried first)";
}
