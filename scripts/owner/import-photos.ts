// `npm run photos -- <folder> --to <place>`: turns camera files into masters the project can keep.
// Each photo is turned upright (EXIF Orientation applied), stripped of every piece of metadata (GPS
// position, camera serial number, capture date, owner name), scaled down to 3200 px on its long side
// (the site's largest image is 2400 px wide) and saved as a high-quality JPEG (sRGB, quality 90) in
// the place's folder under content/images/. A stub entry is added to the place's YAML list with the
// alt text left empty: the build stops until the owner describes each photo.
// Places: the photo folders of the lists in src/lib/content/data-files.ts (hero, before-after,
// erotica, portfolio/classic, …). Existing files with the same name are not overwritten (use --replace).
import { existsSync, mkdirSync, readFileSync, readdirSync, appendFileSync } from 'node:fs';
import { basename, extname, join, relative } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { MASTER_LONG_SIDE } from '../../src/lib/images/image-presets.ts';
import { CONTENT_LISTS, imageFolders, type ContentList } from '../../src/lib/content/data-files.ts';
import { readOptions } from '../shared/options.ts';

// The long side of a master, from the site's image presets (re-exported for the tests).
export { MASTER_LONG_SIDE };

const ROOT = new URL('../../', import.meta.url).pathname;
const INPUT = new Set(['.jpg', '.jpeg', '.png', '.tif', '.tiff', '.webp', '.heic', '.heif', '.avif']);

/** One place photos go: its folder under content/images/, its YAML list, and a new photo's entry there. */
export interface Place {
  dir: string;
  yaml: string;
  entry: (id: string, image: string) => Record<string, string>;
}

/**
 * Where each place's photos go and how its YAML entry looks: every photo folder of a list whose
 * entries the owner describes (CONTENT_LISTS), its category if the folder is one, her texts empty.
 */
export const PLACES: Record<string, Place> = Object.fromEntries(
  Object.values<ContentList>(CONTENT_LISTS).flatMap(({ describe, ...list }) =>
    describe
      ? imageFolders(list).map((dir, index): [string, Place] => [
          dir,
          {
            dir,
            yaml: list.file,
            entry: (id, image) => ({
              id,
              image,
              // imageFolders made one folder per category, in their order: index is in range.
              ...(list.categories ? { category: list.categories[index]! } : {}),
              ...Object.fromEntries(describe.map((text) => [text, ''])),
            }),
          },
        ])
      : [],
  ),
);

const USAGE = 'npm run photos -- <folder with camera files> --to <place> [--replace]';
const HELP = `Turns the camera files in <folder> into masters under content/images/<place>/ (upright, every
piece of metadata removed, at most ${MASTER_LONG_SIDE} px on the long side) and adds an entry for each
new photo to the place's list, with its description left for you to write.

  --to <place>   where the photos go: ${Object.keys(PLACES).join(', ')}
  --replace      overwrite a master of the same name (without it, that photo is skipped)
  --help         this text`;

/** A file name the site can use in an address: lowercase letters, digits and hyphens. */
export const slug = (name: string): string =>
  basename(name, extname(name))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'photo';

/** Writes one master: upright, no metadata, long side at most MASTER_LONG_SIDE, sRGB JPEG q90. */
export async function writeMaster(input: string, output: string): Promise<OutputInfo> {
  const image = sharp(input, { failOn: 'none' })
    .rotate()
    .resize(MASTER_LONG_SIDE, MASTER_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb');
  // sharp writes no EXIF, XMP, IPTC or ICC data unless asked (withMetadata/keepExif): none is kept.
  const info = await image.jpeg({ quality: 90, mozjpeg: true, chromaSubsampling: '4:4:4' }).toFile(output);
  return info;
}

/** The YAML stub for one entry: the owner writes alt (and overlay) before the build passes. */
export function yamlStub(fields: Record<string, string>): string {
  const lines = Object.entries(fields).map(([key, value], index) => {
    const text = value === '' ? "''" : String(value);
    const note =
      key === 'alt'
        ? '  # WRITE ME: what the photo shows, for visitors who cannot see it (the build stops until you do)'
        : key === 'overlay'
          ? '  # WRITE ME: the one word shown over the photo'
          : '';
    return `${index === 0 ? '- ' : '  '}${key}: ${text}${note}`;
  });
  return lines.join('\n') + '\n';
}

async function main() {
  const { values, positionals } = readOptions({
    name: 'photos',
    usage: USAGE,
    help: HELP,
    options: { to: { type: 'string' }, replace: { type: 'boolean' } },
    allowPositionals: true,
  });
  const [folder] = positionals;
  const { to: place, replace } = values;
  const chosen = place && Object.hasOwn(PLACES, place) ? PLACES[place] : undefined;
  if (!folder || !chosen) {
    console.error(`usage: ${USAGE}\n  places: ${Object.keys(PLACES).join(', ')}`);
    process.exit(1);
  }
  const { dir, yaml, entry } = chosen;
  const target = join(ROOT, 'content/images', dir);
  mkdirSync(target, { recursive: true });
  const yamlPath = join(ROOT, yaml);
  const existingIds = new Set(
    [...readFileSync(yamlPath, 'utf8').matchAll(/^- id: (.+)$/gm)].map(([, id = '']) => id.trim()),
  );
  const inputs = readdirSync(folder)
    .filter((name) => INPUT.has(extname(name).toLowerCase()))
    .sort();
  if (!inputs.length) {
    console.error(`photos: no photos (${[...INPUT].join(', ')}) in ${folder}`);
    process.exit(1);
  }
  let stubs = '';
  for (const name of inputs) {
    const id = slug(name);
    const file = `${id}.jpg`;
    const output = join(target, file);
    if (existsSync(output) && !replace) {
      console.log(`photos: ${relative(ROOT, output)} exists, skipped (--replace overwrites it)`);
      continue;
    }
    const info = await writeMaster(join(folder, name), output);
    console.log(
      `photos: ${name} → ${relative(ROOT, output)} (${info.width}×${info.height}, ${Math.round(info.size / 1024)} KB)`,
    );
    if (!existingIds.has(id)) stubs += yamlStub(entry(id, `./images/${dir}/${file}`));
  }
  if (stubs) {
    appendFileSync(yamlPath, `# Added by npm run photos: write each alt text before building.\n${stubs}`);
    console.log(`photos: entries added to ${yaml}; write their alt text (the build stops until you do).`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
