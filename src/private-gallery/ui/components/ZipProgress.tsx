import { zipMessage, type ZipJob } from '@/private-gallery/client/downloads';

/** A ZIP's progress while it is packed, then that it is downloading, or why it stopped with a Retry. */
export function ZipProgress({ zip }: { zip: ZipJob }) {
  return (
    <div className="mt-5" data-zip>
      <progress className="w-full" max={zip.total} value={zip.done} aria-label={`Preparing ${zip.label}`} />
      <p role={zip.error ? 'alert' : 'status'} className="mt-2 text-sm">
        {zipMessage(zip)}
      </p>
      {zip.error && zip.retry && (
        <button type="button" className="btn btn-outline mt-3 text-plum" onClick={zip.retry}>
          Retry
        </button>
      )}
    </div>
  );
}
