// Her gallery as her client will see it, before she publishes: sealed on her computer exactly as a
// publish seals it (publishGalleries, her seed, password and settings) into a bucket in memory,
// never sent anywhere and gone when the desk stops. The preview's page then opens it with the
// gallery's own code (src/desk/preview/), as her client's phone opens the published one.
import { publishGalleries } from '../../private-gallery/publish/build.ts';
import { STUDIO_TIME_ZONE } from '../../private-gallery/format/dates.ts';
import { memoryTarget } from '../../private-gallery/publish/memory-target.ts';
import { inputsFor } from '../../private-gallery/publish/gallery-actions.ts';
import { collector, forActions, type DeskSetup } from './actions.ts';

/** A gallery sealed for the preview: its files by name, and what opens it (her folder name and password). */
export interface PreviewVault {
  files: Map<string, Uint8Array>;
  gallery: string;
  password: string;
  title: string;
  /** The studio's time zone, where her last day ends. */
  zone: string;
}

/**
 * Seals the gallery `id` of her galleries folder for the preview, or the sentence saying why not
 * (no such gallery, no password yet). Nothing is recorded as published, and nothing leaves the
 * process; her photos' smaller copies are made (or found) in publishing's own cache, so a publish
 * afterwards does not make them again.
 */
export async function sealPreview(setup: DeskSetup, id: string): Promise<PreviewVault | { refusal: string }> {
  if (setup.refusal) return { refusal: setup.refusal };
  const { say, said } = collector();
  const prepared = inputsFor(forActions(setup), 'publish', undefined, say, {}, true);
  if (prepared.refusal !== undefined) return { refusal: prepared.refusal };
  const { galleries, options } = prepared.inputs;
  const gallery = galleries.find((candidate) => candidate.id === id);
  const password = options.passwords.get(id);
  if (!gallery || !password) {
    return { refusal: said.warn.find((line) => line.includes(id)) ?? `There is no gallery "${id}" to preview.` };
  }
  // Kept in this process only: what publishing writes, gone when the desk stops.
  const bucket = memoryTarget('the preview on this computer');
  // Only this gallery, as her client's password opens it: no record, no partner links, no lock to break.
  await publishGalleries(bucket, [gallery], {
    ...options,
    record: null,
    shares: new Map(),
    lock: { unlock: false },
  });
  return {
    files: bucket.objects,
    gallery: id,
    password,
    title: gallery.title,
    zone: options.timeZone ?? STUDIO_TIME_ZONE,
  };
}
