import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fillTokens, tokenValues } from './tokens';
import { parseSettings } from './settings';

const values = tokenValues(parseSettings(readFileSync('content/settings.yaml', 'utf8')));

describe('tokens', () => {
  it('fills prices and numbers from the settings', () => {
    expect(fillTokens('Fee %session-fee%, collections from %collections-from%.', values)).toBe(
      'Fee $495, collections from $1,500.',
    );
    expect(fillTokens('%outfits% outfits, bring %looks-to-bring% looks, %payment-plan-months% months', values)).toBe(
      '3 outfits, bring 3-5 looks, 12 months',
    );
  });

  it('leaves ordinary percent signs alone', () => {
    expect(fillTokens('100% yours, 50 % off', values)).toBe('100% yours, 50 % off');
  });

  it('fails on an unknown token, naming it and the file', () => {
    expect(() => fillTokens('only %sesion-fee%', values, 'content/blog/x.mdx')).toThrow(
      /content\/blog\/x\.mdx: unknown token %sesion-fee%/,
    );
  });
});
