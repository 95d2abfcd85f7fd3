/**
 * The nine shipped posts as the unit tests of the blog's rules use them: a post's own rules
 * (posts.test.ts) and the list's pages and search (blog-list.test.ts).
 */

/** A frontmatter date: the calendar day at UTC midnight. */
export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

const NINE = [
  ['capturing-curves-self-love-and-boudoir', '2025-02-12', 1],
  ['the-difference-between-boudoir-and-erotica', '2025-10-07', 9],
  ['why-every-woman-deserves-erotica-session', '2025-02-25', 2],
  ['ultimate-rain-room-boudoir-experience', '2025-05-27', 7],
  ['how-to-choose-perfect-florida-boudoir-photographer', '2025-03-18', 3],
  ['what-to-wear-for-your-boudoir-session', '2025-05-21', 6],
  ['how-to-prepare-for-your-first-boudoir-shoot', '2025-09-16', 8],
  ['overcoming-excuses-why-you-deserve-boudoir-experience', '2025-04-10', 4],
  ['embracing-your-sensuality-through-erotic-photography', '2025-05-15', 5],
] as const;

/** The nine shipped posts in a scrambled order, each with a searchable body. */
export const TEST_POSTS = NINE.map(([slug, date, id]) => ({
  slug,
  id,
  publishDate: day(date),
  draft: false,
  title: slug.replace(/-/g, ' '),
  excerpt: `Excerpt of ${slug}`,
  categories: id % 2 ? ['Preparation'] : ['Self-Love'],
  tags: id === 7 ? ['Rain Room', 'water'] : ['boudoir'],
  body: id === 6 ? 'Bring 3-5 looks; the fee is $495 and includes **hair and makeup**.' : 'Plain words.',
}));
