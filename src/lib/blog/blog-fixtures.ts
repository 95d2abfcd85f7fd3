/**
 * The nine shipped posts, written once (SAMPLE_POSTS), and as the unit tests of the blog's rules
 * use them: a post's own rules (posts.test.ts) and the list's pages and search (blog-list.test.ts).
 */

/** A frontmatter date: the calendar day at UTC midnight. */
export const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/**
 * The nine sample posts the site ships (content/blog/<slug>.mdx), newest first: their file name,
 * publish date and number. The unit tests, the end-to-end blog spec and `npm run placeholders`
 * (one cover photo each) read them here.
 */
export const SAMPLE_POSTS = [
  { slug: 'the-difference-between-boudoir-and-erotica', date: '2025-10-07', id: 9 },
  { slug: 'how-to-prepare-for-your-first-boudoir-shoot', date: '2025-09-16', id: 8 },
  { slug: 'ultimate-rain-room-boudoir-experience', date: '2025-05-27', id: 7 },
  { slug: 'what-to-wear-for-your-boudoir-session', date: '2025-05-21', id: 6 },
  { slug: 'embracing-your-sensuality-through-erotic-photography', date: '2025-05-15', id: 5 },
  { slug: 'overcoming-excuses-why-you-deserve-boudoir-experience', date: '2025-04-10', id: 4 },
  { slug: 'how-to-choose-perfect-florida-boudoir-photographer', date: '2025-03-18', id: 3 },
  { slug: 'why-every-woman-deserves-erotica-session', date: '2025-02-25', id: 2 },
  { slug: 'capturing-curves-self-love-and-boudoir', date: '2025-02-12', id: 1 },
] as const;

/** The sample posts' numbers in the scrambled order the sorting tests start from. */
const SCRAMBLED = [1, 9, 2, 7, 3, 6, 8, 4, 5];
const NINE = SCRAMBLED.map((number) => SAMPLE_POSTS.find((post) => post.id === number)!).map(
  ({ slug, date, id }) => [slug, date, id] as const,
);

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
