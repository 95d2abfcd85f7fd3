// One gallery: where it stands, its invitation and password, its settings, a new password, its
// photos (order, descriptions, the cover, adding and taking out), partner links, closing it, and
// deleting one never published.
import type { DeskSetup, GalleryDetail } from '../server/actions.ts';
import { StateOf, PublishPanel } from './Galleries.tsx';
import { Island } from './Island.tsx';
import { ChangeForm, ConfirmDialog } from './changes.tsx';
import { DownloadsField, Hidden, Hint, PackageFields, Status, Thumb } from './parts.tsx';

export function GalleryPage({
  detail,
  setup,
  today,
  page = null,
}: {
  detail: GalleryDetail;
  setup: DeskSetup | null;
  today: string;
  page?: string | null;
}) {
  const { id, title, closed } = detail;
  return (
    <>
      <p>
        <a href="/">Your galleries</a>
      </p>
      <h1>{title}</h1>
      {detail.sample ? <p className="sample">The sample gallery</p> : null}
      <div className="standing">
        <StateOf state={detail.state} />
      </div>
      <Status />
      {page && !closed ? (
        <p>
          <a className="btn btn-quiet" href={`/preview/${page}`}>
            See it as she will
          </a>
        </p>
      ) : null}
      {setup && !closed ? <PublishPanel setup={setup} /> : null}
      <Invitation detail={detail} />
      {closed ? null : <SettingsSection detail={detail} today={today} />}
      {closed || detail.sample ? null : <PasswordSection id={id} problem={detail.passwordProblem} />}
      {closed ? null : <PhotosSection detail={detail} />}
      {closed ? null : <PartnerSection detail={detail} />}
      {closed ? null : <CloseSection id={id} title={title} local={setup?.local ?? false} />}
      {detail.state.kind === 'never' && !detail.sample ? <DeleteSection id={id} title={title} /> : null}
    </>
  );
}

/** Her invitation and, apart, her password: two texts to copy, since a link and its password travel best apart. */
function Invitation({ detail }: { detail: GalleryDetail }) {
  return (
    <section aria-labelledby="invitation-title">
      <h2 id="invitation-title">Her invitation</h2>
      {detail.closed ? (
        <p>This gallery has closed: there is nothing to send.</p>
      ) : detail.invitation ? (
        <>
          {detail.state.kind === 'never' ? (
            <p className="note">Not published yet: this invitation opens nothing until you publish.</p>
          ) : null}
          <pre className="invitation" id="invitation">
            {detail.invitation}
          </pre>
          <Island name="CopyButton" props={{ target: 'invitation', label: 'Copy invitation', quiet: false }} />
          <p className="hint">Paste it into a private email or message to her only.</p>
          <h3>Her password, to send apart</h3>
          <pre className="invitation" id="password-text">
            {detail.passwordText}
          </pre>
          <Island name="CopyButton" props={{ target: 'password-text', label: 'Copy password' }} />
          <p className="hint">
            Send it in another message, or by another way (a text if the invitation went by email).
          </p>
        </>
      ) : (
        <p>Publish the gallery first: its private link is made then.</p>
      )}
    </section>
  );
}

/** Its settings, changed in place: title, last day (no past day offered), package, downloads. */
function SettingsSection({ detail: { id, settings }, today }: { detail: GalleryDetail; today: string }) {
  return (
    <section aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <ChangeForm className="form" action="/api/galleries/settings" after="refresh" status="settings-status">
        <input type="hidden" name="id" value={id} />
        <p>
          <label htmlFor="settings-title-field">Title, as she sees it</label>
          <input id="settings-title-field" name="title" required autoComplete="off" defaultValue={settings.title} />
        </p>
        <p>
          <label htmlFor="settings-expires">
            Last day open <Hint>(empty: open until you close it)</Hint>
          </label>
          <input id="settings-expires" name="expires" type="date" min={today} defaultValue={settings.expires} />
        </p>
        <PackageFields
          ids={{ included: 'settings-included', limit: 'settings-limit', price: 'settings-price' }}
          values={settings}
        />
        <DownloadsField id="settings-downloads" value={settings.downloads} />
        <p>
          <button type="submit" className="btn">
            Save the settings
          </button>
        </p>
      </ChangeForm>
      <Status id="settings-status" />
    </section>
  );
}

/**
 * A new password: hers, or a strong one made for her; the password text above then has it. One the
 * next publish would refuse (`problem`) is said here, beside the field that changes it.
 */
function PasswordSection({ id, problem }: { id: string; problem: string | null }) {
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">Her password</h2>
      {problem ? (
        <p className="state state-held" id="password-problem">
          Her password {problem}: the next publish will refuse it. Set a new one here.
        </p>
      ) : null}
      <ChangeForm className="form" action="/api/galleries/password" after="refresh" status="password-status">
        <input type="hidden" name="id" value={id} />
        <p>
          <label htmlFor="new-password">
            A new password <Hint>(leave empty for a strong one made for you)</Hint>
          </label>
          <input id="new-password" name="password" type="text" autoComplete="off" spellCheck={false} />
        </p>
        <p>
          <button type="submit" className="btn btn-quiet">
            Set a new password
          </button>
        </p>
      </ChangeForm>
      <Status id="password-status" />
    </section>
  );
}

/** A gallery never published: deleted with its folder, behind a confirmation. */
function DeleteSection({ id, title }: { id: string; title: string }) {
  return (
    <section aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this gallery</h2>
      <ConfirmDialog
        id="delete-dialog"
        label="Delete this gallery"
        title={`Delete ${title}?`}
        action="/api/galleries/delete"
        after="home"
        gallery={id}
        confirm="Delete it"
        keep="Keep it"
      >
        <p>
          It has never been published, so she has seen nothing of it. Its folder, the photos copied into it and its
          password are deleted from this computer; the photos you copied them from stay where they are.
        </p>
      </ConfirmDialog>
    </section>
  );
}

/** Partner links: made by tapping the photos it shows, named for her, each copied or withdrawn. */
function PartnerSection({ detail: { id, photos, shares } }: { detail: GalleryDetail }) {
  return (
    <section aria-labelledby="partner-title">
      <h2 id="partner-title">Partner links</h2>
      <p>Tap the photos a partner link shows (for viewing only; her own access is untouched).</p>
      <ChangeForm action="/api/share" after="refresh" list="photos" status="partner-status">
        <input type="hidden" name="id" value={id} />
        <fieldset className="mt-0 mb-4 grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-3 border-0 p-0">
          <legend className="mb-2 font-medium">Photos for the partner link</legend>
          {photos.map((photo) => (
            <span className="relative" key={photo.number}>
              <input
                className="peer absolute top-2 left-2 size-6 accent-plum"
                type="checkbox"
                id={`photo-${photo.number}`}
                name="photos"
                value={photo.number}
              />
              <label
                className="block cursor-pointer rounded-md border-3 border-transparent p-[3px] peer-checked:border-plum peer-checked:bg-blush peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-bronze peer-focus-visible:outline-solid"
                htmlFor={`photo-${photo.number}`}
              >
                <Thumb id={photo.thumb} className="block aspect-[3/2] h-auto w-full rounded-[3px] object-cover" />
                <span className="mt-1 block text-[0.85rem]">Photo {photo.number}</span>
              </label>
            </span>
          ))}
        </fieldset>
        <p>
          <label className="mr-2" htmlFor="share-name">
            Its name, for you <Hint>(optional, e.g. for her partner: shown in your list of links)</Hint>
          </label>
          <input id="share-name" name="name" maxLength={60} autoComplete="off" />
        </p>
        <p>
          <label className="mr-2" htmlFor="share-expires">
            Last day it opens <Hint>(optional)</Hint>
          </label>
          <input id="share-expires" name="expires" type="date" />
        </p>
        <p>
          <button type="submit" className="btn">
            Make the partner link
          </button>
        </p>
      </ChangeForm>
      <Status id="partner-status" />
      {shares.length ? (
        <ul className="shares grid list-none gap-3 p-0">
          {shares.map((share) => (
            <li className="flex flex-wrap items-center gap-x-4 gap-y-2 [&_form]:m-0" key={share.code}>
              {share.name ? <strong className="share-name">{share.name}</strong> : null}{' '}
              <code id={`share-${share.code}`}>{share.link}</code>{' '}
              <Hint>
                {share.names.join(', ')}
                {share.expires ? `, until the end of ${share.expires}` : ''}
              </Hint>{' '}
              <Island
                name="CopyButton"
                props={{ target: `share-${share.code}`, label: 'Copy', hidden: ` the partner link ${share.code}` }}
              />
              <ChangeForm action="/api/share" after="refresh" status="partner-status">
                <input type="hidden" name="id" value={id} />
                <input type="hidden" name="withdraw" value={share.code} />
                <button type="submit" className="btn btn-quiet">
                  Withdraw<Hidden> the partner link {share.code}</Hidden>
                </button>
              </ChangeForm>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Closing: behind a confirmation; on the preview, a rehearsal that leaves her gallery.yaml as it is. */
function CloseSection({ id, title, local }: { id: string; title: string; local: boolean }) {
  return (
    <section aria-labelledby="close-title">
      <h2 id="close-title">Close the gallery</h2>
      <ConfirmDialog
        id="close-dialog"
        label="Close this gallery"
        title={`Close ${title} now?`}
        action="/api/close"
        after="refresh"
        status="close-status"
        gallery={id}
        confirm={local ? 'Rehearse closing it' : 'Close it now'}
        keep="Keep it open"
      >
        {local ? (
          <>
            <p>
              This desk publishes to the local preview: closing here is a rehearsal. The preview shows "This gallery has
              closed"; her gallery.yaml and the gallery on your website stay as they are.
            </p>
            <p>To close it for her, close it on the desk of your website, not the preview's.</p>
          </>
        ) : (
          <>
            <p>
              Her next visit, her link and a device that remembered her will show "This gallery has closed". Her partner
              links close with it.
            </p>
            <p>
              This cannot be taken back: her photos are deleted from your website now, and its gallery.yaml ends
              yesterday. To open it again you would publish it anew, with a new last day.
            </p>
          </>
        )}
      </ConfirmDialog>
      <Status id="close-status" />
    </section>
  );
}

/**
 * Her photos in their order with their descriptions (alt text): the order and the descriptions are
 * gallery.yaml's `photos` list, written by the desk as she could write it by hand.
 */
function PhotosSection({ detail: { id, photos } }: { detail: GalleryDetail }) {
  return (
    <section aria-labelledby="photos-title">
      <h2 id="photos-title">Photos, their order and descriptions</h2>
      <p>
        Drag a photo, or move it up or down, to change where she sees it; the first is her cover, the photo her gallery
        opens on. Describe each for someone who cannot see it. Saved into its gallery.yaml; publish for her to see the
        change.
      </p>
      <ChangeForm action="/api/photos" after="refresh" list="files alts" status="photos-status">
        <input type="hidden" name="id" value={id} />
        <Island
          name="PhotoOrder"
          props={{ id, photos: photos.map(({ number, thumb, file, alt }) => ({ number, thumb, file, alt })) }}
        />
        <p>
          <button type="submit" className="btn">
            Save the order and descriptions
          </button>
        </p>
      </ChangeForm>
      <Status id="photos-status" />
      <Island name="AddPhotos" props={{ id }} />
    </section>
  );
}
