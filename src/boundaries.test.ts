// The layers' import rules (src/lib/README.md) are ESLint's no-restricted-imports in eslint.config.ts;
// `npm run check` lints the whole tree with them. This proves the rules themselves: each forbidden
// import below is refused in the folder named, and the imports each folder needs stay allowed.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages ESLint gives one import statement, linted as if in `file`. */
async function refusals(file: string, statement: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${statement}\nexport const used = [x];\n`, { filePath: file });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading the TypeScript parser and plugins takes seconds on a loaded machine.
const SLOW = { timeout: 120_000 };

const FORBIDDEN: [file: string, statement: string, says: string][] = [
  ['src/lib/site/routes.ts', "import { Lightbox as x } from '@/ui/Lightbox';", 'src/lib/ is plain TypeScript'],
  ['src/lib/site/routes.ts', "import type { LightboxImage as x } from '../../ui/lightbox/lightbox-image';", 'src/lib/'],
  [
    'src/lib/blog/posts.ts',
    "import x from '../../islands/ReadMore';",
    'it imports no UI, island, gallery or data code',
  ],
  ['src/lib/browser/gates.ts', "import { b64 as x } from '@/private-gallery/format/encodings';", 'src/lib/'],
  ['src/lib/blog/posts.ts', "import { publishedPosts as x } from '@/data/blog';", 'src/lib/'],
  ['src/lib/browser/scroll.ts', "import { useState as x } from 'react';", 'src/lib/ imports no React'],
  ['src/lib/blog/posts.ts', "import { getCollection as x } from 'astro:content';", 'astro:* modules'],
  ['src/ui/Lightbox.tsx', "import x from '@/islands/ReadMore';", 'src/ui/ is the shared React kit'],
  ['src/ui/hooks/useSwipe.ts', "import type { BlogCard as x } from '../../islands/BlogList';", 'src/ui/ is the shared'],
  ['src/ui/Picture.tsx', "import { PrivateGallery as x } from '@/private-gallery/ui/PrivateGallery';", 'src/ui/'],
  ['src/ui/Picture.tsx', "import { portfolioImages as x } from '@/data/portfolio';", 'only pages and src/data/'],
  ['src/ui/ErrorBoundary.tsx', "import { getImage as x } from 'astro:assets';", 'astro:* modules'],
  [
    'src/ui/AgeGateDialog.tsx',
    "import { settings as x } from '@/lib/content/settings';",
    "none of the owner's content",
  ],
  ['src/ui/AgeGateDialog.tsx', "import x from '../../content/home.yaml';", "none of the owner's content"],
  [
    'src/private-gallery/ui/PrivateGallery.tsx',
    "import x from '@/islands/ReadMore';",
    'The private gallery imports no island',
  ],
  ['src/private-gallery/ui/components/Slideshow.tsx', "import x from '../../../islands/HeroSlideshow';", 'no island'],
  ['src/islands/BlogList.tsx', "import { publishedPosts as x } from '@/data/blog';", 'Islands receive plain props'],
];

const ALLOWED: [file: string, statement: string][] = [
  ['src/lib/site/routes.ts', "import type { PortfolioCategory as x } from '../portfolio/categories.ts';"],
  ['src/lib/content/settings.ts', "import { z as x } from 'astro/zod';"],
  ['src/ui/Lightbox.tsx', "import { stepIndex as x } from '@/lib/portfolio/portfolio';"],
  ['src/ui/Lightbox.tsx', "import { useModalDialog as x } from './hooks/useModalDialog';"],
  ['src/islands/PortfolioGallery.tsx', "import { Lightbox as x } from '@/ui/Lightbox';"],
  ['src/islands/Accordion.tsx', "import { AgeGateDialog as x } from '@/ui/AgeGateDialog';"],
  ['src/private-gallery/ui/PrivateGallery.tsx', "import { withErrorBoundary as x } from '@/ui/ErrorBoundary';"],
  [
    'src/private-gallery/ui/components/Thumbnail.tsx',
    "import { useNearViewport as x } from '../hooks/useNearViewport';",
  ],
  ['src/pages/x.ts', "import { publishedPosts as x } from '@/data/blog';"],
];

describe('import boundaries (eslint.config.ts)', () => {
  it.each(FORBIDDEN)('%s refuses %s', SLOW, async (file, statement, says) => {
    const messages = await refusals(file, statement);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(says);
  });

  it.each(ALLOWED)('%s may %s', SLOW, async (file, statement) => {
    expect(await refusals(file, statement)).toEqual([]);
  });
});
