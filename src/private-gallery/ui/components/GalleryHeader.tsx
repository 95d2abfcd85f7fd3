import { openUntil } from '@/private-gallery/client/labels';

interface Props {
  title: string;
  count: number;
  /** The gallery's last day, or null when it stays open. */
  expires: string | null;
  /** A partner's view: photos shared with them, not their own gallery. */
  partner?: boolean;
  /** The studio's time zone: the last day ends at its midnight (the settings' `business.timeZone`). */
  zone: string;
}

/** The gallery's title, how many photographs it holds, and until when it is open. */
export function GalleryHeader({ title, count, expires, partner = false, zone }: Props) {
  return (
    <header className="mb-10 text-center">
      <p className="eyebrow mb-3">{partner ? 'Shared with you, privately' : 'Your private gallery'}</p>
      <h2 className="text-4xl sm:text-5xl" data-gallery-title>
        {title}
      </h2>
      <p className="mt-4 text-muted">
        {count} {count === 1 ? 'photograph' : 'photographs'}
        <ExpiryNotice expires={expires} zone={zone} />
      </p>
      {partner && (
        <p className="mt-2 text-sm text-muted" data-partner-notice>
          A few photographs chosen to share with you. They are for viewing only, here in this browser.
        </p>
      )}
    </header>
  );
}

/** Until when the gallery is open; nothing when it has no last day (or has closed). */
function ExpiryNotice({ expires, zone }: { expires: string | null; zone: string }) {
  const label = openUntil(expires, new Date(), zone);
  return label ? <> · {label}</> : null;
}
