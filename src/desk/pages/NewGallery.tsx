// A new gallery: its folder name, title, last day (no past day offered), package, downloads,
// password and photos; then her settings for a new gallery, which the form starts with.
import { newGalleryPrefill, type GalleryDefaults } from '../server/defaults.ts';
import { Island } from './Island.tsx';
import { ChangeForm } from './changes.tsx';
import { DownloadOptions, Hint, LimitOptions, Status } from './parts.tsx';

export function NewGalleryPage({ today, defaults }: { today: string; defaults: GalleryDefaults }) {
  const start = newGalleryPrefill(defaults, today);
  return (
    <>
      <h1>A new gallery</h1>
      <p className="lead">
        Her photos are copied into a new folder in your galleries folder, never moved; its gallery.yaml is written as
        you could write it by hand.
      </p>
      <Island name="NewGalleryForm" props={{ today, start }} />
      <Status />
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
      <ChangeForm className="form" action="/api/galleries/defaults" after="refresh" status="defaults-status">
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
      </ChangeForm>
      <Status id="defaults-status" />
    </section>
  );
}
