import { HERO_ID, ROUTES, STORY_HREF } from './routes';

export interface NavEntry {
  label: string;
  href: string;
}

/** Top navigation, left to right. Home and Contact scroll in place on the home page. */
export const HEADER_NAV: NavEntry[] = [
  { label: 'Home', href: `${ROUTES.home}#${HERO_ID}` },
  { label: 'Portfolio', href: ROUTES.portfolio },
  { label: 'Erotica (18+)', href: ROUTES.erotica },
  { label: 'Blog', href: ROUTES.blog },
  { label: 'Before / After', href: ROUTES.beforeAfter },
  { label: 'About', href: ROUTES.about },
  { label: 'FAQs', href: ROUTES.faq },
  { label: 'Contact', href: STORY_HREF },
];

/** Footer links, in the order they show. */
export const FOOTER_NAV: NavEntry[] = [
  { label: 'About', href: ROUTES.about },
  { label: 'Portfolio', href: ROUTES.portfolio },
  { label: 'Before / After', href: ROUTES.beforeAfter },
  { label: 'FAQs', href: ROUTES.faq },
  { label: 'Blog', href: ROUTES.blog },
  { label: 'Contact', href: STORY_HREF },
  { label: 'Privacy Policy', href: ROUTES.privacyPolicy },
];
