import { describe, expect, it } from 'vitest';
import { LINK_PARAM, privateGalleryLink } from './private-links';
import { ROUTES } from './routes';

describe('links into the private gallery', () => {
  it('puts the parameter in the fragment of the gallery page, whether the site address ends in / or not', () => {
    expect(LINK_PARAM).toBe('access');
    expect(privateGalleryLink('https://studio.test/', LINK_PARAM, 'abc_-1')).toBe(
      `https://studio.test${ROUTES.privateGallery}#access=abc_-1`,
    );
    expect(privateGalleryLink('https://studio.test', 'picks', '01234567.DQ')).toBe(
      'https://studio.test/private-gallery#picks=01234567.DQ',
    );
  });
});
