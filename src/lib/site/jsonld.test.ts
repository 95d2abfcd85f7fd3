import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseSettings } from '../content/settings';
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  businessJsonLd,
  faqJsonLd,
  serializeJsonLd,
  websiteJsonLd,
} from './jsonld';

const settings = parseSettings(readFileSync('content/settings.yaml', 'utf8'));

describe('structured data', () => {
  it('describes the business from the settings', () => {
    const data = businessJsonLd(settings, 'https://example.com/share.jpg') as Record<string, any>;
    expect(data['@type']).toBe('ProfessionalService');
    expect(data['telephone']).toBe('Contact via website');
    expect(data['priceRange']).toBe('$$');
    expect(data['address']).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Titusville',
      addressRegion: 'FL',
    });
    expect(data['geo']).toEqual({ '@type': 'GeoCoordinates', latitude: 28.61, longitude: -80.81 });
    expect(data['openingHoursSpecification'][0]).toMatchObject({ opens: '09:00', closes: '18:00' });
    expect(data['openingHoursSpecification'][0].dayOfWeek).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(data['sameAs']).toHaveLength(3);
  });

  it('declares the blog search target', () => {
    const data = websiteJsonLd(settings) as Record<string, any>;
    expect(data['potentialAction'].target.urlTemplate).toMatch(/\/blog\?search=\{search_term_string\}$/);
    expect(data['potentialAction']['query-input']).toBe('required name=search_term_string');
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    const data = breadcrumbJsonLd(settings, [
      { name: 'Home', path: '/' },
      { name: 'FAQ', path: '/faq' },
    ]) as Record<string, any>;
    expect(data['itemListElement']).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${settings.siteUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'FAQ', item: `${settings.siteUrl}/faq` },
    ]);
  });

  it('builds FAQ and posting data', () => {
    const faq = faqJsonLd([{ question: 'Q?', answer: 'A.' }]) as Record<string, any>;
    expect(faq['mainEntity'][0]).toEqual({
      '@type': 'Question',
      name: 'Q?',
      acceptedAnswer: { '@type': 'Answer', text: 'A.' },
    });
    const post = blogPostingJsonLd(settings, {
      title: 'T',
      description: 'D',
      path: '/blog/t',
      imageUrl: 'https://example.com/i.jpg',
      datePublished: '2025-10-07',
      keywords: ['a', 'b'],
    }) as Record<string, any>;
    expect(post['headline']).toBe('T');
    expect(post['dateModified']).toBe('2025-10-07');
    expect(post['publisher']['name']).toBe(settings.brand.name);
  });

  it('escapes "<" so no text can close the script element', () => {
    expect(serializeJsonLd({ a: '</script><b>' })).toBe('{"a":"\\u003c/script>\\u003cb>"}');
  });
});
