import { formatDay } from '@/private-gallery/client/labels';
import type { VaultIndex } from '@/private-gallery/format/types';

interface Props {
  /**
   * The gallery that has passed its closing date; null when the host closed it before its index
   * could be read (a partner link past its day: serve.ts answers 410 for its index).
   */
  gallery: Pick<VaultIndex, 'title' | 'expires'> | null;
  /** The studio's address, for the email button. */
  studioEmail: string;
  /** Where "Contact the studio" leads. */
  requestHref: string;
  onForget: () => void;
}

/** A gallery past its closing date: the photos stay locked, the studio is one click away. */
export function ClosedGallery({ gallery, studioEmail, requestHref, onForget }: Props) {
  return (
    <div className="mx-auto max-w-xl py-12 text-center" data-gallery-closed>
      <h2 className="text-4xl">This gallery has closed</h2>
      <p className="mt-4 text-muted">
        {gallery?.expires
          ? `“${gallery.title}” was open until ${formatDay(gallery.expires)}.`
          : gallery
            ? `“${gallery.title}” is no longer open.`
            : 'This private link is no longer open.'}{' '}
        If you would like your photographs again, or prints and albums, the studio will be glad to help.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href={`mailto:${studioEmail}`} className="btn btn-primary">
          Email the studio
        </a>
        <a href={requestHref} className="btn btn-outline text-plum">
          Contact the studio
        </a>
        <button type="button" className="btn btn-outline text-plum" onClick={onForget}>
          Forget this device
        </button>
      </div>
    </div>
  );
}
