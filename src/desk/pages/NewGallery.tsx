// A new gallery: its folder name, title, last day (no past day offered), package, downloads,
// password and photos; then her settings for a new gallery, which the form starts with.
import { newGalleryPrefill, type GalleryDefaults } from '../../../scripts/desk/defaults.ts';
import { DownloadOptions, FieldStatus, Hidden, Hint, LimitOptions, PHOTO_TYPES, Status } from './parts.tsx';

export function NewGalleryPage({ today, defaults }: { today: string; defaults: GalleryDefaults }) {
  const start = newGalleryPrefill(defaults, today);
  return (
    <>
      <h1>A new gallery</h1>
      <p className="lead">
        Her photos are copied into a new folder in your galleries folder, never moved; its gallery.yaml is written as
        you could write it by hand.
      </p>
      <form className="form" data-new-gallery="">
        <p>
          <label htmlFor="title">Title, as she will see it</label>
          <input id="title" name="title" required autoComplete="off" />
        </p>
        <p>
          <label htmlFor="id">
            Folder name <Hint>(a-z, 0-9 and dashes, e.g. jenna-2026-10)</Hint>
          </label>
          <input
            id="id"
            name="id"
            required
            pattern="[a-z0-9][a-z0-9\-]*"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="new-id-status"
          />
          <FieldStatus id="new-id-status" />
        </p>
        <p>
          <label htmlFor="expires">
            Last day open <Hint>(optional)</Hint>
          </label>
          <input
            id="expires"
            name="expires"
            type="date"
            min={today}
            aria-describedby="new-expires-status"
            defaultValue={start.expires}
          />
          <FieldStatus id="new-expires-status" />
        </p>
        <fieldset>
          <legend>Package</legend>
          <p>
            <label htmlFor="included">
              Photos included <Hint>(empty: favorites, no package)</Hint>
            </label>
            <input
              id="included"
              name="included"
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              defaultValue={start.included}
            />
          </p>
          <p>
            <label htmlFor="limit">Beyond what is included</label>
            <select id="limit" name="limit" defaultValue={start.limit || 'soft'}>
              <LimitOptions />
            </select>
          </p>
          <p>
            <label htmlFor="extraPhotoPrice">
              Price of each extra photo <Hint>(optional, e.g. $35)</Hint>
            </label>
            <input
              id="extraPhotoPrice"
              name="extraPhotoPrice"
              autoComplete="off"
              defaultValue={start.extraPhotoPrice}
            />
          </p>
        </fieldset>
        <p>
          <label htmlFor="downloads">Downloads</label>
          <select id="downloads" name="downloads" defaultValue={start.downloads}>
            <DownloadOptions />
          </select>
        </p>
        <p>
          <label htmlFor="password">
            Her password <Hint>(leave empty for a strong one made for you)</Hint>
          </label>
          <input
            id="password"
            name="password"
            type="text"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="new-password-status"
          />
          <FieldStatus id="new-password-status" />
        </p>
        <fieldset>
          <legend>
            Her photos <Hint>(copied in, never moved: one way is enough)</Hint>
          </legend>
          <p>
            <label htmlFor="photos">Choose them</label>
            <input id="photos" name="photos" type="file" multiple accept={PHOTO_TYPES} />
          </p>
          <div
            className="my-2 rounded-md border-2 border-dashed border-champagne p-4 text-center text-muted [&_p]:m-0 [&.drop-over]:border-plum [&.drop-over]:bg-linen"
            data-drop=""
          >
            <p>Or drop them here, from the Finder or the Explorer.</p>
            <p className="drop-count" aria-live="polite"></p>
          </div>
          <p>
            <label htmlFor="from">
              Or the path of the folder that holds them{' '}
              <Hint>(e.g. /Users/you/Pictures/Jenna; every photo in it is copied)</Hint>
            </label>
            <input id="from" name="from" autoComplete="off" spellCheck={false} aria-describedby="new-from-status" />
            <FieldStatus id="new-from-status" />
          </p>
        </fieldset>
        <p>
          <button type="submit" className="btn">
            Make the gallery
          </button>
        </p>
      </form>
      <progress className="mt-4 w-full accent-plum" aria-label="Copying her photos" hidden></progress>
      <Status />
      <div className="made mt-4 rounded-md bg-linen px-5 py-4" hidden>
        <p>
          Her password: <code id="made-password"></code>
        </p>
        <button type="button" className="btn btn-quiet" data-copy="made-password">
          Copy<Hidden> her password</Hidden>
        </button>
        <p>
          <a href="/">Back to your galleries</a>
        </p>
      </div>
      <DefaultsSection defaults={defaults} />
    </>
  );
}

/** Her settings for a new gallery: what the form above starts with, kept in her galleries folder. */
function DefaultsSection({ defaults }: { defaults: GalleryDefaults }) {
  return (
    <section aria-labelledby="defaults-title">
      <h2 id="defaults-title">Settings for a new gallery</h2>
      <p>What most of your galleries share: each new gallery's form starts with these.</p>
      <form className="form" data-action="/api/galleries/defaults" data-after="refresh" data-status="defaults-status">
        <p>
          <label htmlFor="defaults-days">
            Days a new gallery stays open <Hint>(empty: no last day)</Hint>
          </label>
          <input
            id="defaults-days"
            name="daysOpen"
            type="number"
            min="1"
            max="3650"
            step="1"
            inputMode="numeric"
            defaultValue={defaults.daysOpen ?? ''}
          />
        </p>
        <p>
          <label htmlFor="defaults-included">
            Photos a new gallery includes <Hint>(empty: favorites, no package)</Hint>
          </label>
          <input
            id="defaults-included"
            name="included"
            type="number"
            min="1"
            step="1"
            inputMode="numeric"
            defaultValue={defaults.included ?? ''}
          />
        </p>
        <p>
          <label htmlFor="defaults-limit">Beyond what a new gallery includes</label>
          <select id="defaults-limit" name="limit" defaultValue={defaults.strict ? 'strict' : ''}>
            <LimitOptions soft="" />
          </select>
        </p>
        <p>
          <label htmlFor="defaults-price">
            Price of each extra photo, for a new gallery <Hint>(optional, e.g. $35)</Hint>
          </label>
          <input
            id="defaults-price"
            name="extraPhotoPrice"
            autoComplete="off"
            defaultValue={defaults.extraPhotoPrice ?? ''}
          />
        </p>
        <p>
          <label htmlFor="defaults-downloads">Downloads, for a new gallery</label>
          <select id="defaults-downloads" name="downloads" defaultValue={defaults.downloads}>
            <DownloadOptions />
          </select>
        </p>
        <p>
          <button type="submit" className="btn btn-quiet">
            Keep these for a new gallery
          </button>
        </p>
      </form>
      <Status id="defaults-status" />
    </section>
  );
}
