import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { checkContentPhotos, CONTENT_PHOTO_ADVICE } from '../lib/images/content-photos';

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Astro's loader of imported images (astro/dist/assets/vite-plugin-assets.js). */
const ASTRO_IMAGE_LOADER = 'astro:assets:esm';
/** Photos read at once while the build imports them (each is read whole for its dimensions). */
export const IMPORT_READS = 4;

type LoadHook = (this: unknown, id: string, ...rest: unknown[]) => unknown;
interface EmittedAsset {
  type?: string;
  source?: unknown;
  name?: string;
}
interface BundleContext {
  emitFile(file: EmittedAsset): string;
  getFileName(ref: string): string;
  environment?: object;
}

/** Loaders already wrapped, by any instance of the plugin (a loader wrapped twice would wait for itself). */
const wrapped = new WeakSet<LoadHook>();

/** At most `limit` calls of `run` at once; the rest wait their turn. */
export function limiter(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function <T>(run: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await run();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

/** A photo's content hash as of its size and modification time (nanoseconds) when it was last hashed. */
interface KnownDigest {
  size: number;
  mtime: string;
  digest: string;
}

/**
 * Content hashes of the photos by path, kept in a small JSON file between builds (under Astro's
 * cacheDir, beside its image cache): a photo whose size and modification time are unchanged is not
 * hashed again. A photo edited in place gets a new modification time (and usually a new size), so
 * its hash is made afresh. The file keeps only the photos the last build imported.
 */
export function photoDigests(file?: string) {
  let known: Promise<Record<string, KnownDigest>> | undefined;
  const used: Record<string, KnownDigest> = {};
  const read = async () => {
    if (!file) return {};
    try {
      const data = JSON.parse(await readFile(file, 'utf8')) as { photos?: Record<string, KnownDigest> };
      return data.photos ?? {};
    } catch {
      return {};
    }
  };
  return {
    /** The photo's size and modification time now, and its hash if that is what was hashed before. */
    async lookup(path: string) {
      known ??= read();
      const info = await stat(path, { bigint: true });
      const seen = { size: Number(info.size), mtime: String(info.mtimeNs) };
      const before = (await known)[path];
      const digest = before && before.size === seen.size && before.mtime === seen.mtime ? before.digest : undefined;
      return { seen, digest };
    },
    /** Notes the hash used for the photo in this build. */
    use(path: string, seen: { size: number; mtime: string }, digest: string) {
      used[path] = { ...seen, digest };
    },
    /** Writes the hashes this build used, unless the file already holds exactly these. */
    async save() {
      if (!file) return;
      const previous = await (known ?? read());
      const same =
        Object.keys(previous).length === Object.keys(used).length &&
        Object.entries(used).every(([path, { size, mtime, digest }]) => {
          const before = previous[path];
          return before?.size === size && before.mtime === mtime && before.digest === digest;
        });
      if (same) return;
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify({ photos: used }));
      known = Promise.resolve({ ...used });
    },
  };
}

/**
 * Puts the photo where the bundler wrote its stand-in, as a file of its own: a copy-on-write clone
 * where the file system offers one, else a copy. Never a hard link: a later write to that name (the
 * next build environment's bundle writing its stand-in there) would go through the link into the
 * photo in content/ (a copy of the project once found its photos replaced by the 50-byte stand-ins
 * after a second build). Copying costs about a second per GB of photos on every build.
 */
async function place(path: string, target: string) {
  await unlink(target).catch(() => undefined);
  await copyFile(path, target, constants.COPYFILE_FICLONE);
}

/**
 * Keeps the build's memory flat however many photos the site has. Astro's image loader reads every
 * imported photo whole (up to 200 at once) and hands the bytes to the bundler as an asset, which
 * holds them until it writes the bundle: a camera photo costs its file size in memory for the
 * whole build (peak 6.6 GB at 500 photos). Around that loader, this plugin
 * - lets `IMPORT_READS` photos be read at a time, and
 * - gives the bundler a stand-in of a few bytes named by the photo's content hash (so the file name
 *   changes exactly when the photo does, as before; the hash is remembered in `digestFile` by size
 *   and modification time, so an unchanged photo is not hashed again), then puts the photo in place
 *   of the stand-in when the bundle is written, file to file (`place`).
 * The photo thus ends up where Astro expects it (the image step reads each original from there, one
 * per core, and deletes it); what the build holds is its dimensions, not its pixels.
 */
export function boundedPhotoImports({
  reads = IMPORT_READS,
  digestFile,
}: { reads?: number; digestFile?: string | undefined } = {}): Plugin {
  const copies = new WeakMap<object, { ref: string; path: string }[]>();
  const digests = photoDigests(digestFile);
  const turn = limiter(reads);
  const wrap = (load: LoadHook): LoadHook => {
    if (wrapped.has(load)) return load;
    const bounded = async function (this: unknown, id: string, ...rest: unknown[]) {
      const context = this as BundleContext;
      const path = id.split('?')[0] ?? id;
      return turn(async () => {
        const known = /\.svg$/i.test(path) ? undefined : await digests.lookup(path).catch(() => undefined);
        const emitFile = (file: EmittedAsset) => {
          if (file.type !== 'asset' || !(file.source instanceof Uint8Array) || /\.svg$/i.test(path)) {
            return context.emitFile(file);
          }
          const digest = known?.digest ?? createHash('sha256').update(file.source).digest('base64url');
          if (known) digests.use(path, known.seen, digest);
          const ref = context.emitFile({ ...file, source: `photo ${digest}\n` });
          const environment = context.environment ?? context;
          copies.set(environment, [...(copies.get(environment) ?? []), { ref, path }]);
          return ref;
        };
        const proxy = new Proxy(context, {
          get(target, key) {
            if (key === 'emitFile') return emitFile;
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
        return load.call(proxy, id, ...rest);
      });
    };
    wrapped.add(bounded);
    return bounded;
  };
  return {
    name: 'image-pipeline:bounded-photo-imports',
    // Called once per build environment, with the same plugin objects: the loader is wrapped once.
    configResolved(config) {
      const loader = config.plugins.find((plugin) => plugin.name === ASTRO_IMAGE_LOADER);
      const hook = loader?.load as { handler: LoadHook } | LoadHook | undefined;
      if (!loader || !hook) {
        config.logger.warn(
          `image-pipeline: Astro's image loader (${ASTRO_IMAGE_LOADER}) was not found; photos are read whole`,
        );
        return;
      }
      if (typeof hook === 'function') (loader as { load: LoadHook }).load = wrap(hook);
      else hook.handler = wrap(hook.handler);
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        const environment = (this as unknown as BundleContext).environment ?? this;
        const list = copies.get(environment) ?? [];
        copies.delete(environment);
        const outDir = options.dir ?? '';
        const done = new Set<string>();
        for (const { ref, path } of list) {
          const target = join(outDir, this.getFileName(ref));
          if (done.has(target)) continue;
          done.add(target);
          await mkdir(dirname(target), { recursive: true });
          await place(path, target);
        }
        await digests.save();
      },
    },
  };
}

/**
 * Image housekeeping around the build:
 * - while it imports photos, reads a few at a time and keeps none in memory (`boundedPhotoImports`),
 *   hashing only the photos changed since the last build (`cacheDir`/photo-digests.json);
 * - before it, names the photos in content/images/ that are larger than the site can use (the build
 *   accepts them, it just spends time and memory on pixels nobody sees) or carry camera metadata
 *   (GPS, serial, date, owner: the published sizes never do, but the file in the project does);
 * - after it, prunes Astro's image cache (`cacheDir`/assets) of every entry this build did not use,
 *   so a cache kept by the host between builds does not grow with every photo ever replaced.
 */
export default function imagePipeline({ contentDir = 'content/images' } = {}): AstroIntegration {
  let root = '';
  let cacheDir = '';
  return {
    name: 'image-pipeline',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        const digestFile = fileURLToPath(new URL('photo-digests.json', config.cacheDir));
        updateConfig({ vite: { plugins: [boundedPhotoImports({ digestFile })] } });
      },
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(new URL('assets/', config.cacheDir));
      },
      'astro:build:start': async ({ logger }) => {
        const problems = await checkContentPhotos(root, join(root, contentDir));
        if (problems.length) {
          logger.warn(
            `${problems.length} photo problem(s) in content/ (the build goes on, but these files are larger than the site ` +
              `needs or carry camera metadata into the project's history):\n  ${problems.join('\n  ')}\n${CONTENT_PHOTO_ADVICE}`,
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const published = new Set((await walk(fileURLToPath(dir))).map((path) => path.split('/').at(-1)));
        let pruned = 0;
        let bytes = 0;
        for (const path of await walk(cacheDir)) {
          const name = path.split('/').at(-1) ?? '';
          if (published.has(name.replace(/\.json$/, ''))) continue;
          bytes += (await stat(path)).size;
          await unlink(path);
          pruned++;
        }
        if (pruned) {
          logger.info(`pruned ${pruned} unused image cache entries (${(bytes / 1024 / 1024).toFixed(1)} MB)`);
        }
      },
    },
  };
}
