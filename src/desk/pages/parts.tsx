// Small pieces every desk page shares: words for a screen reader only, a status line, the choices a
// gallery's settings offer (the same wherever they are set).
import type { ReactNode } from 'react';

/** Words read to a screen reader and not shown (the desk's stylesheet: .visually-hidden). */
export const Hidden = ({ children }: { children: ReactNode }) => <span className="visually-hidden">{children}</span>;

/** A hint after a field's label, in a quieter voice. */
export const Hint = ({ children }: { children: ReactNode }) => <span className="hint">{children}</span>;

/** Where a change says what happened: announced, and focusable so the eye and a screen reader find it. */
export const Status = ({ id }: { id?: string }) => (
  <p className="status" id={id} role="status" aria-live="polite" tabIndex={-1}></p>
);

/** The downloads a gallery may allow. */
export const DownloadOptions = () => (
  <>
    <option value="web">Web-size downloads</option>
    <option value="full">Full-size downloads (originals)</option>
    <option value="none">No downloads</option>
  </>
);

/** Beyond what a package includes: `soft` is the value of "she may choose more" (empty in the settings for a new gallery). */
export const LimitOptions = ({ soft = 'soft' }: { soft?: string }) => (
  <>
    <option value={soft}>She may choose more</option>
    <option value="strict">No more (strict)</option>
  </>
);

/** The kinds of photo the desk copies in. */
export const PHOTO_TYPES = '.jpg,.jpeg,.png,.webp,.avif,image/jpeg,image/png,image/webp,image/avif';
