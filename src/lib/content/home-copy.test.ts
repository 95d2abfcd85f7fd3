import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { HOME_COPY_FILE, parseHomeCopy } from './home-copy';

const valid = readFileSync(HOME_COPY_FILE, 'utf8');

describe('home page texts (content/home.yaml)', () => {
  it('accepts the committed file', () => {
    const copy = parseHomeCopy(valid);
    expect(copy.heroSubheading).toMatch(/^A private Titusville studio/);
    expect(copy.beforeAfter.quote).toContain('lens');
  });

  it('accepts a third experience paragraph, and a single one', () => {
    const three = valid.replace(/^beforeAfter:/m, '  - A third paragraph about the reveal.\nbeforeAfter:');
    expect(parseHomeCopy(three).experience).toHaveLength(3);
    const one = valid.replace(/^experience:\n(?: {2}- >-\n(?: {4}.*\n)+)+/m, 'experience:\n  - Just one paragraph.\n');
    expect(parseHomeCopy(one).experience).toEqual(['Just one paragraph.']);
  });

  it('names the file and the field of a missing or empty text', () => {
    expect(() => parseHomeCopy(valid.replace(/^heroSubheading: [\s\S]*?(?=^experience:)/m, ''))).toThrow(
      /content\/home\.yaml: heroSubheading: /,
    );
    expect(() => parseHomeCopy(valid.replace(/^( {2}quote: )>-\n(?: {4}.*\n)+/m, "$1''\n"))).toThrow(
      /content\/home\.yaml: beforeAfter\.quote: /,
    );
  });

  it('names the paragraph when the experience list has an empty one, and needs at least one', () => {
    const blank = valid.replace(/^experience:\n/m, "experience:\n  - ''\n");
    expect(() => parseHomeCopy(blank)).toThrow(/content\/home\.yaml: experience\[1\]: /);
    const none = valid.replace(/^experience:\n(?: {2}- >-\n(?: {4}.*\n)+)+/m, 'experience: []\n');
    expect(() => parseHomeCopy(none)).toThrow(/content\/home\.yaml: experience: /);
  });
});
