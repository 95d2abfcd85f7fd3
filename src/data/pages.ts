import { getEntry, render, type CollectionEntry } from 'astro:content';

type PageData = CollectionEntry<'pages'>['data'];

/**
 * A page of content/pages/: its frontmatter and its rendered body. The schema leaves most fields
 * optional because each page uses a different set; `required` names the ones this page cannot do
 * without, and a missing one stops the build naming the file and the field.
 */
export async function getPage<K extends keyof PageData>(id: string, required: readonly K[] = []) {
  const file = `content/pages/${id}.md`;
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`${file} is missing`);
  const missing = required.filter((field) => entry.data[field] === undefined);
  if (missing.length) throw new Error(`${file}: missing ${missing.join(', ')}`);
  const { Content } = await render(entry);
  return { file, data: entry.data as PageData & { [F in K]-?: NonNullable<PageData[F]> }, Content };
}
