import { getCollection } from 'astro:content';
import { DATA_FILES, type DataCollection } from '@/lib/content/data-files';
import { inFileOrder } from '@/lib/content/file-order';

/** A data collection in the order the owner wrote its YAML file ("in the order they show"). */
export async function listInFileOrder<C extends DataCollection>(name: C) {
  return inFileOrder(await getCollection(name), DATA_FILES[name]);
}
