import { downloadSize, zipBusy, type ZipJob } from '@/private-gallery/client/downloads';
import { formatBytes } from '@/private-gallery/client/labels';
import type { VaultImage } from '@/private-gallery/format/types';
import { ZipProgress } from './ZipProgress';

interface Props {
  images: VaultImage[];
  /** What the gallery lets download (never "none" here). */
  downloads: 'web' | 'full';
  /** Favorite photo numbers (1-based). */
  favorites: number[];
  zip: ZipJob | null;
  onDownloadZip: (numbers: number[], label: string) => Promise<void>;
}

/** ZIP downloads of the favorites and of the whole gallery, with their sizes and the progress. */
export function DownloadPanel({ images, downloads, favorites, zip, onDownloadZip }: Props) {
  const everything = images.map((_, i) => i + 1);
  const busy = zipBusy(zip);
  return (
    <section aria-labelledby="downloads-heading" className="mx-auto mt-8 max-w-2xl p-6 text-center">
      <h3 id="downloads-heading" className="text-2xl">
        Download
      </h3>
      <p className="mt-3 text-muted">
        {downloads === 'full' ? 'Full-size originals' : 'Large web-size copies'}, packed into one ZIP file on this
        device.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {favorites.length > 0 && (
          <button
            type="button"
            className="btn btn-outline text-plum"
            disabled={busy}
            onClick={() => void onDownloadZip(favorites, 'your favorites')}
          >
            Download my favorites ({favorites.length}, {formatBytes(downloadSize(images, favorites, downloads))})
          </button>
        )}
        <button
          type="button"
          className="btn btn-outline text-plum"
          disabled={busy}
          onClick={() => void onDownloadZip(everything, 'the whole gallery')}
        >
          Download the whole gallery ({images.length}, {formatBytes(downloadSize(images, everything, downloads))})
        </button>
      </div>
      {zip && <ZipProgress zip={zip} />}
    </section>
  );
}
