import { HERO_ID, STORY_HREF } from './routes';

export interface NavEntry {
  label: string;
  href: string;
}

/** Top navigation, left to right. Home and Contact scroll in place on the home page. */
export const HEADER_NAV: NavEntry[] = [
  { label: 'Home', href: `/#${HERO_ID}` },
  { label: 'Portfolio', href: '/portfolio' },
  { label: 'Erotica (18+)', href: '/erotica' },
  { label: 'Blog', href: '/blog' },
  { label: 'Before / After', href: '/before-after' },
  { label: 'About', href: '/about' },
  { label: 'FAQs', href: '/faq' },
  { label: 'Contact', href: STORY_HREF },
];

/** Footer links, in the order they show. */
export const FOOTER_NAV: NavEntry[] = [
  { label: 'About', href: '/about' },
  { label: 'Portfolio', href: '/portfolio' },
  { label: 'Before / After', href: '/before-after' },
  { label: 'FAQs', href: '/faq' },
  { label: 'Blog', href: '/blog' },
  { label: 'Contact', href: STORY_HREF },
  { label: 'Privacy Policy', href: '/privacy-policy' },
];
