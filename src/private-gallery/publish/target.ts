/**
 * Where publishing writes: the R2 bucket bound as VAULT, reached through wrangler's platform proxy
 * either way. `local` is wrangler's local copy of the bucket (the one `wrangler pages dev` serves,
 * under .wrangler/state, or `persistTo`); `remote` is the real bucket on the host, through the same
 * binding marked remote. The calls are the same; only the binding's place differs.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The binding name the site's Function reads (wrangler.toml, and the host's project settings). */
export const VAULT_BINDING = 'VAULT';
/** Where `wrangler pages dev` keeps its local state by default. */
export const LOCAL_STATE = '.wrangler/state';

/** The calls publishing makes on a bucket. */
export interface VaultTarget {
  /** Where it writes, for messages. */
  readonly label: string;
  /** The bucket on the host (not a local copy): the sample gallery is never published there. */
  readonly remote?: boolean;
  /** Names this bucket in the record of what was published (record.ts); else its label. */
  readonly key?: string;
  /** Every object name in the bucket. */
  list(): Promise<Set<string>>;
  get(name: string): Promise<Uint8Array | null>;
  put(name: string, data: Uint8Array | string): Promise<void>;
  /** The object's version (R2's etag), null when it is not there. */
  version(name: string): Promise<string | null>;
  /**
   * Writes only while the object is at `version` (null: only while it is not there), decided by
   * the bucket at once (R2's conditional put); false, with nothing written, when it is not.
   */
  putIf(name: string, data: string, version: string | null): Promise<boolean>;
  delete(names: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The part of an R2 binding publishing uses. */
interface Bucket {
  get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null>;
  /** With `onlyIf`, null (nothing written) when the condition does not hold. */
  put(
    key: string,
    value: Uint8Array | string,
    options?: { onlyIf: { etagMatches: string } | { etagDoesNotMatch: '*' } },
  ): Promise<unknown>;
  head(key: string): Promise<{ etag: string } | null>;
  delete(keys: string | string[]): Promise<void>;
  list(options: { cursor?: string; limit?: number }): Promise<{
    objects: { key: string }[];
    truncated: boolean;
    cursor?: string;
  }>;
}

/** Where wrangler's platform proxy (miniflare) reads the length of a stream it is handed. */
const STREAM_LENGTH = Symbol.for('miniflare.kStreamLength');
/** The buckets that refused a stream. */
const refused = new WeakSet<object>();

/**
 * A put through wrangler's platform proxy. Bytes go as a stream of known length, sent as they are;
 * handed bytes, the proxy writes them as base64 text inside a blocking call, which took 40 to 50 ms
 * of CPU a megabyte (a camera photo's files about 1 to 1.5 MB) against 15 to 17 as a stream. A
 * bucket that refuses the stream (a later proxy that no longer reads its length) gets the bytes,
 * from then on. Text (the manifest, the schedule) goes as it is.
 */
export async function putThrough(bucket: Pick<Bucket, 'put'>, name: string, data: Uint8Array | string) {
  if (typeof data === 'string' || refused.has(bucket)) return void (await bucket.put(name, data));
  const stream = new Blob([data as Uint8Array<ArrayBuffer>]).stream();
  Object.assign(stream, { [STREAM_LENGTH]: data.length });
  try {
    await bucket.put(name, stream as never);
  } catch {
    refused.add(bucket);
    await bucket.put(name, data);
  }
}
/** R2's conditional put: only over `version` (its etag), or, with null, only where nothing is. */
async function putIf(bucket: Pick<Bucket, 'put'>, name: string, data: string, version: string | null) {
  const onlyIf = version === null ? { etagDoesNotMatch: '*' as const } : { etagMatches: version };
  return (await bucket.put(name, data, { onlyIf })) !== null;
}

/** The bucket named in wrangler.toml's [[r2_buckets]] for the VAULT binding. */
export function bucketName(root = process.cwd()): string {
  const toml = readFileSync(join(root, 'wrangler.toml'), 'utf8');
  const name = toml.match(/\[\[r2_buckets\]\][^[]*?bucket_name\s*=\s*"([^"]+)"/)?.[1];
  if (!name) throw new Error('wrangler.toml: no [[r2_buckets]] entry with a bucket_name for the private galleries');
  return name;
}

export interface TargetOptions {
  /** The host's bucket instead of the local copy. */
  remote?: boolean;
  /** The local state folder (wrangler's --persist-to), for a local target. */
  persistTo?: string;
  root?: string;
}

/** A bucket's label and record key (record.ts targetKey), without opening it. */
export function targetNames({ remote = false, persistTo = LOCAL_STATE, root = process.cwd() }: TargetOptions = {}) {
  const bucket_name = bucketName(root);
  return {
    label: remote ? `the bucket "${bucket_name}" on Cloudflare` : `the local bucket in ${persistTo}`,
    key: remote ? `cloudflare:${bucket_name}` : `local:${resolve(root, persistTo)}`,
  };
}

export async function openTarget({
  remote = false,
  persistTo = LOCAL_STATE,
  root = process.cwd(),
}: TargetOptions = {}) {
  // Required, not imported: the dev server loads this module through Vite's module runner, which
  // is closed by the time a request opens the bucket; require() does not go through it.
  const { getPlatformProxy } = createRequire(import.meta.url)('wrangler') as typeof import('wrangler');
  const bucket_name = bucketName(root);
  // One binding, in a config of its own: local, or marked remote.
  const dir = mkdtempSync(join(tmpdir(), 'vault-target-'));
  const configPath = join(dir, 'wrangler.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      name: 'private-gallery-publish',
      compatibility_date: '2026-11-01',
      r2_buckets: [{ binding: VAULT_BINDING, bucket_name, ...(remote ? { remote: true } : {}) }],
    }),
  );
  const names = targetNames({ remote, persistTo, root });
  const proxy = await getPlatformProxy<Record<string, Bucket>>({
    configPath,
    envFiles: [],
    persist: remote ? false : { path: join(resolve(root, persistTo), 'v3') },
    remoteBindings: remote,
  });
  const bucket = proxy.env[VAULT_BINDING]!;
  const target: VaultTarget = {
    label: names.label,
    remote,
    key: names.key,
    async list() {
      const names = new Set<string>();
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ limit: 1000, ...(cursor ? { cursor } : {}) });
        for (const object of page.objects) names.add(object.key);
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return names;
    },
    async get(name) {
      const object = await bucket.get(name);
      return object ? new Uint8Array(await object.arrayBuffer()) : null;
    },
    put: (name, data) => putThrough(bucket, name, data),
    version: async (name) => (await bucket.head(name))?.etag ?? null,
    putIf: (name, data, version) => putIf(bucket, name, data, version),
    async delete(names) {
      // R2 deletes up to 1,000 keys in one call.
      for (let i = 0; i < names.length; i += 1000) await bucket.delete(names.slice(i, i + 1000));
    },
    async close() {
      await proxy.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return target;
}

/** An object's version where the store keeps none (a folder, memory): the hash of its bytes, as R2's etag is. */
export const contentVersion = (data: Uint8Array | null) => (data ? createHash('md5').update(data).digest('hex') : null);

/**
 * A folder standing in for a bucket (tests, benchmarks, the fixture galleries): the same calls. Its
 * conditional write is exclusive when the file must not be there (`wx`); against a version it
 * compares, then writes (one process at a time: a folder is never the host's bucket).
 */
export function folderTarget(dir: string): VaultTarget {
  mkdirSync(dir, { recursive: true });
  const read = (name: string) => (existsSync(join(dir, name)) ? new Uint8Array(readFileSync(join(dir, name))) : null);
  return {
    label: dir,
    list: async () => new Set(readdirSync(dir)),
    get: async (name) => read(name),
    put: async (name, data) => writeFileSync(join(dir, name), data),
    version: async (name) => contentVersion(read(name)),
    async putIf(name, data, version) {
      if (version !== null) {
        if (contentVersion(read(name)) !== version) return false;
        writeFileSync(join(dir, name), data);
        return true;
      }
      try {
        writeFileSync(join(dir, name), data, { flag: 'wx' });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
    delete: async (names) => names.forEach((name) => rmSync(join(dir, name), { force: true })),
    close: async () => {},
  };
}
