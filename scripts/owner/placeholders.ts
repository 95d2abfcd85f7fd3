// Generates the abstract placeholder images the site ships with, so the owner can see where
// every photo goes and regenerate them at any time: `npm run placeholders`.
// Each file is deterministic (seeded by its name) and visibly marked "Placeholder".
// Replace any of them by dropping a real photo with the same name (see docs/owner.md, "Swap a photo").
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import { SAMPLE_POSTS } from '../../src/lib/blog/blog-fixtures.ts';
import { CONTENT_LISTS, type ContentList } from '../../src/lib/content/data-files.ts';
import type { PortfolioCategory } from '../../src/lib/portfolio/categories.ts';
import { readOptions } from '../shared/options.ts';

readOptions({
  name: 'placeholders',
  usage: 'npm run placeholders',
  help: `Draws the placeholder images again: every list's photos (content/images/), the post covers, the
"As Seen In" logos and the favicons, each marked "Placeholder" and the same on every run. It
overwrites those files: a real photo you dropped in under a placeholder's name is replaced.`,
});

const root = new URL('../../', import.meta.url);

/** A palette: its background's three gradient stops and its soft shapes' colours. */
interface Palette {
  bg: [string, string, string];
  shapes: string[];
}

/** Warm studio palettes: background stops and soft shape colours. */
const palettes = {
  plum: { bg: ['#2d1a27', '#4a2b3f', '#7a4a5e'], shapes: ['#d9bf94', '#ead5cd', '#b07a7f', '#8e5b6e'] },
  blush: { bg: ['#ead5cd', '#d7b3a8', '#a8727a'], shapes: ['#faf6f0', '#7a4a5e', '#d9bf94', '#c48f86'] },
  champagne: { bg: ['#f1e8dd', '#d9bf94', '#9c7a55'], shapes: ['#faf6f0', '#4a2b3f', '#ead5cd', '#b8865a'] },
  dusk: { bg: ['#1f1720', '#3b2a3f', '#6b4a5a'], shapes: ['#c9a7b0', '#d9bf94', '#5a3a55', '#ead5cd'] },
  rain: { bg: ['#1c2230', '#2e3647', '#5a6477'], shapes: ['#c8ccd6', '#d9bf94', '#7d8aa3', '#ead5cd'] },
  sage: { bg: ['#e8e2d4', '#b9b49a', '#6f6a55'], shapes: ['#faf6f0', '#4a2b3f', '#d9bf94', '#8f8a6e'] },
} satisfies Record<string, Palette>;
type PaletteName = keyof typeof palettes;

/** Each portfolio category's palettes. */
const categoryPalettes: Record<PortfolioCategory, PaletteName[]> = {
  classic: ['blush', 'plum', 'champagne'],
  outdoor: ['sage', 'champagne', 'blush'],
  'fine-art': ['dusk', 'plum', 'champagne'],
  'rain-room': ['rain', 'dusk', 'plum'],
};

/** The set of placeholders: folder, count, size and palettes; the lists' folders from CONTENT_LISTS. */
const images = (list: ContentList) => `content/images/${list.images}`;

/** One set of placeholders: its folder, its files' name, how many, their size and palettes. */
interface PlaceholderSet {
  dir: string;
  name: string;
  count: number;
  w: number;
  h: number;
  palettes: PaletteName[];
}

const sets: PlaceholderSet[] = [
  { dir: images(CONTENT_LISTS.hero), name: 'hero', count: 3, w: 2400, h: 1600, palettes: ['plum', 'dusk', 'blush'] },
  ...CONTENT_LISTS.portfolio.categories.map((category) => ({
    dir: `${images(CONTENT_LISTS.portfolio)}/${category}`,
    name: category,
    count: 9,
    w: 1600,
    h: 2400,
    palettes: categoryPalettes[category],
  })),
  {
    dir: images(CONTENT_LISTS.beforeAfter),
    name: 'before-after',
    count: 10,
    w: 2400,
    h: 1600,
    palettes: ['champagne', 'blush', 'plum', 'dusk'],
  },
  { dir: 'content/images/about', name: 'headshot', count: 1, w: 1600, h: 2000, palettes: ['blush'] },
  {
    dir: images(CONTENT_LISTS.eroticaSamples),
    name: 'erotica',
    count: 3,
    w: 1600,
    h: 2400,
    palettes: ['dusk', 'plum', 'rain'],
  },
  { dir: 'content/private', name: 'private', count: 3, w: 2400, h: 1600, palettes: ['dusk', 'plum', 'blush'] },
];

function seeded(text: string) {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One placeholder drawn: its soft background (drawn small), its "Placeholder" mark, its size. */
interface Art {
  background: string;
  mark: string;
  w: number;
  h: number;
}

function art({ w, h, palette, label }: { w: number; h: number; palette: PaletteName; label: string }): Art {
  const rand = seeded(label);
  const p: Palette = palettes[palette];
  // rand() is below 1, so the index is below the list's length: never undefined.
  const pick = (list: string[]) => list[Math.floor(rand() * list.length)]!;
  const r = (min: number, max: number) => min + rand() * (max - min);
  const blobs = Array.from({ length: 6 }, () => {
    const rx = r(0.18, 0.5) * w;
    const ry = r(0.18, 0.5) * h;
    return `<ellipse cx="${r(0, w).toFixed(0)}" cy="${r(0, h).toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" fill="${pick(p.shapes)}" opacity="${r(0.25, 0.6).toFixed(2)}"/>`;
  }).join('');
  // Long soft curves, like draped fabric.
  const curves = Array.from({ length: 5 }, () => {
    const y0 = r(0.1, 0.9) * h;
    const y1 = r(0.1, 0.9) * h;
    return `<path d="M ${-w * 0.1} ${y0.toFixed(0)} C ${(w * 0.3).toFixed(0)} ${r(0, h).toFixed(0)}, ${(w * 0.7).toFixed(0)} ${r(0, h).toFixed(0)}, ${(w * 1.1).toFixed(0)} ${y1.toFixed(0)}" stroke="${pick(p.shapes)}" stroke-width="${r(w * 0.01, w * 0.05).toFixed(0)}" fill="none" opacity="${r(0.2, 0.45).toFixed(2)}"/>`;
  }).join('');
  const angle = r(0, 360).toFixed(0);
  // Drawn at a quarter of the size: it is all soft blur, so upscaling loses nothing and is fast.
  const q = 4;
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${w / q}" height="${h / q}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${p.bg[0]}"/><stop offset="0.55" stop-color="${p.bg[1]}"/><stop offset="1" stop-color="${p.bg[2]}"/>
    </linearGradient>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${Math.round(Math.min(w, h) * 0.06)}"/></filter>
    <filter id="softer"><feGaussianBlur stdDeviation="${Math.round(Math.min(w, h) * 0.012)}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <g filter="url(#soft)">${blobs}</g>
  <g filter="url(#softer)">${curves}</g>
</svg>`;
  const fs = Math.round(Math.min(w, h) * 0.026);
  const text = `PLACEHOLDER · ${label.toUpperCase()}`;
  const pill = Math.round(text.length * fs * 0.78 + fs * 2.4);
  const x = w - pill - fs;
  const y = h - fs * 3.4;
  const mark = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <rect x="${x}" y="${y}" width="${pill}" height="${fs * 2.2}" rx="${fs * 1.1}" fill="#1f1720" fill-opacity="0.5"/>
  <text x="${x + pill / 2}" y="${y + fs * 1.45}" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="${fs}" letter-spacing="${fs * 0.12}" fill="#faf6f0">${text}</text>
</svg>`;
  return { background, mark, w, h };
}

async function render(path: string, { background, mark, w, h }: Art) {
  const file = new URL(path, root);
  await mkdir(dirname(file.pathname), { recursive: true });
  const soft = await sharp(Buffer.from(background)).resize(w, h, { kernel: 'cubic' }).png().toBuffer();
  await sharp(soft)
    .composite([{ input: Buffer.from(mark) }])
    .jpeg({ quality: 82, mozjpeg: true })
    .toFile(file.pathname);
}

const jobs: [path: string, art: Art][] = [];
for (const set of sets) {
  for (let i = 1; i <= set.count; i++) {
    const id = String(i).padStart(2, '0');
    const label = `${set.name} ${id}`;
    // Every set names at least one palette: the index is in range.
    const palette = set.palettes[(i - 1) % set.palettes.length]!;
    jobs.push([`${set.dir}/${set.name}-${id}.jpg`, art({ w: set.w, h: set.h, palette, label })]);
  }
}
// One cover per sample post, newest first, labelled with the post's number.
SAMPLE_POSTS.forEach(({ slug, id }, i) => {
  // Six palettes: i % 6 is always one of them.
  const palette = (Object.keys(palettes) as PaletteName[])[i % 6]!;
  jobs.push([
    `content/images/blog/${slug}.jpg`,
    art({ w: 2400, h: 1600, palette, label: `blog ${String(id).padStart(2, '0')}` }),
  ]);
});

// Seven invented publications for the "As Seen In" row, as simple wordmarks.
const press: [slug: string, text: string, family: 'serif' | 'sans-serif', style: 'italic' | 'normal'][] = [
  ['coastal-edit', 'The Coastal Edit', 'serif', 'italic'],
  ['boudoir-quarterly', 'BOUDOIR QUARTERLY', 'sans-serif', 'normal'],
  ['lumiere-review', 'Lumière Review', 'serif', 'normal'],
  ['space-coast-living', 'SPACE COAST LIVING', 'sans-serif', 'normal'],
  ['velvet', 'Velvet', 'serif', 'italic'],
  ['portrait-society', 'PORTRAIT SOCIETY', 'serif', 'normal'],
  ['modern-muse', 'modern muse', 'sans-serif', 'normal'],
];
const pressWrites = press.map(async ([slug, text, family, style]) => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="${text}">
  <text x="120" y="40" text-anchor="middle" font-family="${family === 'serif' ? 'Georgia, serif' : 'Arial, sans-serif'}" font-style="${style}" font-size="${text.length > 14 ? 17 : 24}" letter-spacing="${family === 'serif' ? 1 : 3}" fill="#1f1720">${text}</text>
</svg>
`;
  const file = new URL(`${images(CONTENT_LISTS.press)}/${slug}.svg`, root);
  await mkdir(dirname(file.pathname), { recursive: true });
  await writeFile(file, svg);
});

// Favicons: a monogram on the studio's plum.
const icon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#4a2b3f"/><text x="32" y="45" text-anchor="middle" font-family="Georgia, serif" font-size="38" font-style="italic" fill="#d9bf94">C</text></svg>
`;
const icons = [
  writeFile(new URL('public/favicon.svg', root), icon),
  sharp(Buffer.from(icon)).resize(180, 180).png().toFile(new URL('public/apple-touch-icon.png', root).pathname),
  sharp(Buffer.from(icon)).resize(32, 32).png().toFile(new URL('public/favicon-32.png', root).pathname),
  sharp(Buffer.from(icon)).resize(512, 512).png().toFile(new URL('public/icon-512.png', root).pathname),
];

await Promise.all([...pressWrites, ...icons]);
for (const [path, drawn] of jobs) await render(path, drawn);
console.log(`placeholders: ${jobs.length} images, ${press.length} press logos, ${icons.length} icons written`);
