import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseSettings } from '../content/settings';
import { cspDirectives, headerPolicy, HEADER_ONLY_DIRECTIVES, scriptResources, SECURITY_HEADERS } from './security';

const base = parseSettings(readFileSync('content/settings.yaml', 'utf8'));

describe('content security policy', () => {
  it('frames only the form hosts from the settings', () => {
    const frame = cspDirectives(base).find((d) => d.startsWith('frame-src'));
    expect(frame).toBe(`frame-src ${new URL(base.booking.contactFormUrl).origin}`);
  });

  it('allows scripts only from self and the resizer host without a pixel', () => {
    expect(scriptResources(base)).toEqual(["'self'", new URL(base.booking.eroticaFormResizerUrl).origin]);
    expect(cspDirectives(base).find((d) => d.startsWith('connect-src'))).toBe("connect-src 'self'");
  });

  it('adds the pixel hosts only when a pixel id is set', () => {
    const withPixel = { ...base, adPixelId: '1234567890' };
    expect(scriptResources(withPixel)).toContain('https://connect.facebook.net');
    expect(cspDirectives(withPixel).find((d) => d.startsWith('connect-src'))).toContain('https://www.facebook.com');
    expect(cspDirectives(withPixel).find((d) => d.startsWith('img-src'))).toContain('https://www.facebook.com');
  });

  it('never allows unsafe-inline or unsafe-eval, and forbids plugins', () => {
    const all = cspDirectives(base).join('; ');
    expect(all).not.toContain('unsafe');
    expect(all).toContain("object-src 'none'");
  });

  it('keeps frame-ancestors and upgrade-insecure-requests for the header only', () => {
    const meta = cspDirectives(base).join(';');
    expect(meta).not.toContain('upgrade-insecure-requests');
    expect(meta).not.toContain('frame-ancestors');
    expect(headerPolicy(`${meta};`)).toBe(`${meta}; frame-ancestors 'none'; upgrade-insecure-requests`);
    expect(HEADER_ONLY_DIRECTIVES).toEqual(["frame-ancestors 'none'", 'upgrade-insecure-requests']);
    // The policy is per page; the headers for every response carry none.
    expect(SECURITY_HEADERS['Content-Security-Policy']).toBeUndefined();
    expect(SECURITY_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(SECURITY_HEADERS['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });
});
