import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedPhotoImports, IMPORT_READS } from './image-pipeline';

type Hook = (this: unknown, ...args: unknown[]) => Promise<unknown>;
interface Emitted {
  name?: string;
  source: string | Uint8Array;
}

/**
 * A stand-in for Astro's image loader as the bundler runs it: it reads the photo whole and emits
 * it as an asset (what astro/dist/assets/utils/node.js does), noting how many reads overlap.
 */
function astroLoader() {
  const state = { active: 0, most: 0 };
  const plugin = {
    name: 'astro:assets:esm',
    load: {
      async handler(this: { emitFile(file: Emitted): string }, id: string) {
        state.active++;
        state.most = Math.max(state.most, state.active);
        const source = await readFile(id.split('?')[0] ?? id);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const ref = this.emitFile({ type: 'asset', name: 'photo.jpg', source } as Emitted);
        state.active--;
        return `export default "${ref}"`;
      },
    },
  };
  return { plugin, state };
}

/** The bundler's side: assets by reference, their file names, one environment. */
function bundle() {
  const assets = new Map<string, Emitted>();
  const environment = { name: 'prerender' };
  const context = {
    environment,
    emitFile(file: Emitted) {
      const ref = `ref${assets.size}`;
      assets.set(ref, file);
      return ref;
    },
    getFileName: (ref: string) => `_astro/photo-${ref}.jpg`,
  };
  return { assets, context };
}

function setUp(digestFile?: string) {
  const loader = astroLoader();
  const plugin = boundedPhotoImports({ digestFile });
  const configResolved = plugin.configResolved as unknown as (config: unknown) => void;
  // Once per build environment, as Vite does.
  for (const environment of ['prerender', 'client']) {
    configResolved({ plugins: [loader.plugin, plugin], logger: { warn() {} }, environment });
  }
  const writeBundle = (plugin.writeBundle as { handler: Hook }).handler;
  return { loader, writeBundle };
}

describe('photo imports during the build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'photos-'));
  const photos = Array.from({ length: 12 }, (_, i) => {
    const path = join(dir, `photo-${i}.jpg`);
    writeFileSync(path, Buffer.alloc(200_000, i + 1));
    return path;
  });

  it('hands the bundler a stand-in named by the photo’s content, and copies the photo in when the bundle is written', async () => {
    const { loader, writeBundle } = setUp();
    const { assets, context } = bundle();
    const load = loader.plugin.load.handler as unknown as Hook;
    const codes = await Promise.all(photos.map((path) => load.call(context, `${path}?astroContentImageFlag`)));
    expect(assets.size).toBe(photos.length);
    for (const asset of assets.values()) expect(String(asset.source)).toMatch(/^photo [\w-]{43}\n$/);
    // Each photo its own stand-in.
    const sources = new Set([...assets.values()].map((asset) => String(asset.source)));
    expect(sources.size).toBe(photos.length);

    const out = mkdtempSync(join(tmpdir(), 'dist-'));
    await writeBundle.call(context, { dir: out });
    // Each photo in its own file, whatever order the loads finished in.
    photos.forEach((path, i) => {
      const ref = /"(ref\d+)"/.exec(String(codes[i]))?.[1];
      expect(readFileSync(join(out, `_astro/photo-${ref}.jpg`)).equals(readFileSync(path))).toBe(true);
    });
  });

  it('never lets a later write into the build output reach the photo in content/ (no shared file)', async () => {
    const { loader, writeBundle } = setUp();
    const { context } = bundle();
    const load = loader.plugin.load.handler as unknown as Hook;
    const path = photos[0] ?? '';
    const before = readFileSync(path);
    const code = await load.call(context, `${path}?astroContentImageFlag`);
    const ref = /"(ref\d+)"/.exec(String(code))?.[1];
    const out = mkdtempSync(join(tmpdir(), 'dist-'));
    await writeBundle.call(context, { dir: out });
    const placed = join(out, `_astro/photo-${ref}.jpg`);
    expect(statSync(placed).ino).not.toBe(statSync(path).ino);
    // What another build environment's bundle does when it writes its stand-in to the same name.
    writeFileSync(placed, 'photo stand-in\n');
    expect(readFileSync(path).equals(before), 'the photo in content/ after a write to the build output').toBe(true);
  });

  it(`reads at most ${IMPORT_READS} photos at once`, async () => {
    const { loader } = setUp();
    const { context } = bundle();
    const load = loader.plugin.load.handler as unknown as Hook;
    await Promise.all(photos.map((path) => load.call(context, path)));
    expect(loader.state.most).toBe(IMPORT_READS);
  });

  it('leaves SVG files to Astro as they are', async () => {
    const { loader } = setUp();
    const { assets, context } = bundle();
    const svg = join(dir, 'logo.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await (loader.plugin.load.handler as unknown as Hook).call(context, svg);
    expect(Buffer.from(assets.get('ref0')?.source as Uint8Array).toString()).toContain('<svg');
  });

  it('hashes a photo again only when its size or modification time changed (an edit in place)', async () => {
    const digestFile = join(mkdtempSync(join(tmpdir(), 'cache-')), 'photo-digests.json');
    const photo = join(dir, 'edited.jpg');
    writeFileSync(photo, Buffer.alloc(200_000, 42));
    const sha256 = (bytes: Buffer) => `photo ${createHash('sha256').update(bytes).digest('base64url')}\n`;
    const build = async () => {
      const { loader, writeBundle } = setUp(digestFile);
      const { assets, context } = bundle();
      await (loader.plugin.load.handler as unknown as Hook).call(context, photo);
      await writeBundle.call(context, { dir: mkdtempSync(join(tmpdir(), 'dist-')) });
      return String(assets.get('ref0')?.source);
    };
    expect(await build()).toBe(sha256(readFileSync(photo)));
    // The remembered hash is used as it is: a build that hashed the photo again would not name it so.
    const file = JSON.parse(readFileSync(digestFile, 'utf8')) as { photos: Record<string, { digest: string }> };
    expect(Object.keys(file.photos)).toEqual([photo]);
    file.photos[photo]!.digest = 'remembered';
    writeFileSync(digestFile, JSON.stringify(file));
    expect(await build()).toBe('photo remembered\n');

    // Edited in place: the same path and size, new bytes, a new modification time.
    const edited = Buffer.alloc(200_000, 99);
    writeFileSync(photo, edited);
    utimesSync(photo, new Date(), new Date(Date.now() + 60_000));
    expect(await build()).toBe(sha256(edited));
    // A new size alone (the modification time put back) is a change too.
    const { mtime } = statSync(photo);
    writeFileSync(photo, Buffer.alloc(150_000, 7));
    utimesSync(photo, mtime, mtime);
    expect(await build()).toBe(sha256(readFileSync(photo)));
  });
});
