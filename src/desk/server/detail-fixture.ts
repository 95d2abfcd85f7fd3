// One gallery as the desk's records have it (actions.ts galleryDetail), for the tests that render
// its page: Ivy's, published, three photos, the first her cover; `overrides` changes any part.
import type { GalleryDetail } from './actions.ts';

export const detail = (overrides: Partial<GalleryDetail> = {}): GalleryDetail => ({
  id: 'ivy-2026-10',
  title: 'Ivy, October 2026',
  state: { kind: 'published', text: 'On your website as published on 2026-12-04' },
  sample: false,
  closed: false,
  lastDay: '2099-12-24',
  photos: ['IMG_0410.jpg', 'IMG_0420.jpg', 'IMG_0430.jpg'].map((file, index) => ({
    number: index + 1,
    thumb: `thumb${index}`,
    file,
    alt: '',
  })),
  cover: 'IMG_0410.jpg',
  links: [],
  password: null,
  passwordProblem: null,
  invitation: null,
  passwordText: null,
  settings: {
    title: 'Ivy, October 2026',
    expires: '2099-12-24',
    downloads: 'web',
    included: '',
    extraPhotoPrice: '',
    strict: false,
  },
  shares: [],
  ...overrides,
});
