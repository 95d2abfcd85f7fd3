// The desk asks for every gallery's password estimate at each look at her galleries: an answer is
// remembered for the same password and words, and estimated again when either changes.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { passwordProblem, userInputsOf } from './strength';

// The estimate reads its dictionaries once, then takes up to a few seconds a password on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const estimates = vi.spyOn(ZxcvbnFactory.prototype, 'check');
afterAll(() => estimates.mockRestore());
const TOO_EASY = "is too easy to guess (names, dates, common words and the gallery's or studio's name are tried first)";

describe('the password estimate, remembered', () => {
  it('estimates a password once for the same words, again for other words or another password, never mixing their answers', () => {
    const jenna = userInputsOf('jenna-2026-10', 'Jenna, October 2026', 'Coastlight Boudoir');
    const strong = 'tulip marble violin harbour';
    expect(passwordProblem(strong, jenna)).toBeNull();
    // As written and with its spaces taken out.
    expect(estimates).toHaveBeenCalledTimes(2);
    expect(passwordProblem(strong, jenna)).toBeNull();
    expect(estimates).toHaveBeenCalledTimes(2);

    // The same password, the gallery retitled with it: its words change, so it is estimated again and refused.
    const renamed = userInputsOf('jenna-2026-10', 'Tulip marble violin harbour', 'Coastlight Boudoir');
    expect(passwordProblem(strong, renamed)).toBe(TOO_EASY);
    expect(estimates.mock.calls.length).toBeGreaterThan(2);

    // Another password with the same words: its own answer, never the strong one's.
    const calls = estimates.mock.calls.length;
    expect(passwordProblem('Jenna-October-2026', jenna)).toBe(TOO_EASY);
    expect(estimates.mock.calls.length).toBeGreaterThan(calls);
    const after = estimates.mock.calls.length;
    expect(passwordProblem('Jenna-October-2026', jenna)).toBe(TOO_EASY);
    expect(passwordProblem(strong, jenna)).toBeNull();
    expect(estimates).toHaveBeenCalledTimes(after);
  });
});
