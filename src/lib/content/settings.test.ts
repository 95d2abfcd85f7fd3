import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseSettings, SETTINGS_FILE, usd } from './settings';

const valid = readFileSync(SETTINGS_FILE, 'utf8');

describe('settings', () => {
  it('accepts the committed settings file', () => {
    const settings = parseSettings(valid);
    expect(settings.business.city).toBe('Titusville');
    expect(settings.offer.sessionFee).toBe(495);
    expect(settings.offer.collectionsFrom).toBe(1500);
  });

  it('names the file and the field of a wrong value', () => {
    const broken = valid.replace(/schedulerUrl: .*/, 'schedulerUrl: not-a-url');
    expect(() => parseSettings(broken)).toThrow(
      /content\/settings\.yaml: booking\.schedulerUrl: must be a full https:\/\/ address/,
    );
  });

  it('names a missing field', () => {
    const broken = valid.replace(/ {2}email: .*\n/, '');
    expect(() => parseSettings(broken)).toThrow(/content\/settings\.yaml: contact\.email/);
  });

  it('rejects a wrong price range and non-digit pixel id', () => {
    const broken = valid.replace('priceRange: $$', 'priceRange: cheap').replace("adPixelId: ''", 'adPixelId: abc');
    const error = (() => {
      try {
        parseSettings(broken);
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    })();
    expect(error).toContain('business.priceRange');
    expect(error).toContain('adPixelId');
  });

  it('reports broken YAML with the file name', () => {
    expect(() => parseSettings('brand: [unclosed')).toThrow(/content\/settings\.yaml: not valid YAML/);
  });

  it("holds the studio's time zone, America/New_York unless she sets another, and names a wrong one", () => {
    expect(parseSettings(valid).business.timeZone).toBe('America/New_York');
    expect(parseSettings(valid.replace(/ {2}timeZone: .*\n/, '')).business.timeZone).toBe('America/New_York');
    expect(parseSettings(valid.replace(/timeZone: .*/, 'timeZone: Europe/Paris')).business.timeZone).toBe(
      'Europe/Paris',
    );
    expect(() => parseSettings(valid.replace(/timeZone: .*/, 'timeZone: Eastern'))).toThrow(
      /content\/settings\.yaml: business\.timeZone: must be a time zone like America\/New_York/,
    );
  });

  it('formats prices in US dollars', () => {
    expect(usd(495)).toBe('$495');
    expect(usd(1500)).toBe('$1,500');
  });
});
