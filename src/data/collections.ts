import { getCollection } from 'astro:content';
import { DATA_FILES, type DataCollection } from '@/lib/content/data-files';
import { inFileOrder } from '@/lib/content/file-order';

/** A data collection in the order the owner wrote its YAML file ("in the order they show"). */
export async function listInFileOrder<C extends DataCollection>(name: C) {
  return inFileOrder(await getCollection(name), DATA_FILES[name]);
}

/**
 * `load` run once per build and shared by every page that asks; the dev server (`astro dev`, the
 * development mode: not DEV/PROD, which follow NODE_ENV) runs it on every call, so edits show up
 * on reload.
 */
export function oncePerBuild<T>(load: () => Promise<T>): () => Promise<T> {
  let cached: Promise<T> | undefined;
  return () => (import.meta.env.MODE === 'development' ? load() : (cached ??= load()));
}
