import type { BlogPosting, BreadcrumbList, FAQPage, ProfessionalService, WebSite, WithContext } from 'schema-dts';
import type { Settings } from '../content/settings';
import { ROUTES } from './routes.ts';

/** Social profile URLs in a stable order: photo-sharing, social network, short-video. */
export function socialProfileUrls(s: Settings): string[] {
  return [s.social.photos.url, s.social.network.url, s.social.video.url];
}

/** Absolute URL for a site path, e.g. "/faq" → "https://…/faq". */
export function absoluteUrl(s: Settings, path: string): string {
  return new URL(path, s.siteUrl).href;
}

export function businessJsonLd(s: Settings, imageUrl: string): WithContext<ProfessionalService> {
  const { business } = s;
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': absoluteUrl(s, `${ROUTES.home}#business`),
    name: s.brand.name,
    description: s.brand.tagline,
    url: absoluteUrl(s, ROUTES.home),
    image: imageUrl,
    email: s.contact.email,
    telephone: s.contact.phoneText,
    priceRange: business.priceRange,
    address: {
      '@type': 'PostalAddress',
      ...(business.streetAddress ? { streetAddress: business.streetAddress } : {}),
      addressLocality: business.city,
      addressRegion: business.region,
      ...(business.postalCode ? { postalCode: business.postalCode } : {}),
      addressCountry: business.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: business.latitude, longitude: business.longitude },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
        opens: business.opens,
        closes: business.closes,
      },
    ],
    areaServed: business.areaServed,
    sameAs: socialProfileUrls(s),
  };
}

/** The search target the site declares; /blog understands ?search=. */
export const SEARCH_TARGET_PATH = `${ROUTES.blog}?search={search_term_string}`;

export function websiteJsonLd(s: Settings): WithContext<WebSite> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: s.brand.name,
    url: absoluteUrl(s, ROUTES.home),
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${new URL(s.siteUrl).origin}${SEARCH_TARGET_PATH}`,
      },
      // schema.org's documented form; schema-dts has no type for the "-input" property.
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(s: Settings, crumbs: Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(s, crumb.path),
    })),
  };
}

export interface QuestionAnswer {
  question: string;
  answer: string;
}

export function faqJsonLd(items: QuestionAnswer[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export interface PostForJsonLd {
  title: string;
  description: string;
  path: string;
  imageUrl: string;
  datePublished: string;
  dateModified?: string | undefined;
  keywords: string[];
}

export function blogPostingJsonLd(s: Settings, post: PostForJsonLd): WithContext<BlogPosting> {
  const organization = { '@type': 'Organization' as const, name: s.brand.name, url: absoluteUrl(s, ROUTES.home) };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    url: absoluteUrl(s, post.path),
    mainEntityOfPage: absoluteUrl(s, post.path),
    image: post.imageUrl,
    datePublished: post.datePublished,
    dateModified: post.dateModified ?? post.datePublished,
    keywords: post.keywords.join(', '),
    author: organization,
    publisher: organization,
  };
}

/** Serializes JSON-LD for a <script> element; "<" is escaped so no text can close the tag. */
export function serializeJsonLd(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
