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

/** A gallery's package, as a new gallery's form and its settings ask for it; `ids` of its three fields. */
export function PackageFields({
  ids,
  values,
}: {
  ids: { included: string; limit: string; price: string };
  values: { included: string | number; strict: boolean; extraPhotoPrice: string };
}) {
  return (
    <fieldset>
      <legend>Package</legend>
      <p>
        <label htmlFor={ids.included}>
          {'Photos included '}
          <Hint>(empty: favorites, no package)</Hint>
        </label>
        <input
          id={ids.included}
          name="included"
          type="number"
          min="1"
          step="1"
          inputMode="numeric"
          defaultValue={values.included}
        />
      </p>
      <p>
        <label htmlFor={ids.limit}>Beyond what is included</label>
        <select id={ids.limit} name="limit" defaultValue={values.strict ? 'strict' : 'soft'}>
          <LimitOptions />
        </select>
      </p>
      <p>
        <label htmlFor={ids.price}>
          {'Price of each extra photo '}
          <Hint>(optional, e.g. $35)</Hint>
        </label>
        <input id={ids.price} name="extraPhotoPrice" autoComplete="off" defaultValue={values.extraPhotoPrice} />
      </p>
    </fieldset>
  );
}

/** The downloads a gallery allows, as a field. */
export const DownloadsField = ({ id, value, label = 'Downloads' }: { id: string; value: string; label?: string }) => (
  <p>
    <label htmlFor={id}>{label}</label>
    <select id={id} name="downloads" defaultValue={value}>
      <DownloadOptions />
    </select>
  </p>
);

/** One of her photos as the desk shows it: its thumbnail by its opaque id (routes.ts), lazily. */
export const Thumb = ({
  id,
  className,
  alt = '',
  large = false,
}: {
  id: string;
  className: string;
  alt?: string;
  large?: boolean;
}) => (
  <img
    className={className}
    src={`/photo/${id}`}
    alt={alt}
    width={large ? '480' : '160'}
    height={large ? '320' : '107'}
    loading="lazy"
  />
);
