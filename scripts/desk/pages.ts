// The desk's pages, rendered on the server: plain HTML, one stylesheet and one small module
// (assets/), no inline script or style, every value of hers escaped.
import { existsSync } from 'node:fs';
import type {
  ClosingSoon,
  DeskSetup,
  GalleryCard,
  GalleryDetail,
  GalleryState,
  InboxMessage,
  Removable,
  Waiting,
} from './actions.ts';
import { NO_DEFAULTS, newGalleryPrefill, type GalleryDefaults } from './defaults.ts';

/** Escapes text for HTML (content and quoted attributes). */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: unknown): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

/** Tagged template: interpolations escaped, unless already rendered with `html` (a Raw). */
export class Raw {
  text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString() {
    return this.text;
  }
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  const part = (value: unknown): string =>
    value instanceof Raw ? value.text : Array.isArray(value) ? value.map(part).join('') : escapeHtml(value ?? '');
  return new Raw(strings.reduce((out, string, i) => out + string + (i < values.length ? part(values[i]) : ''), ''));
}

/**
 * The page around a view: the header with the desk's two places and the bucket it publishes to.
 * `waiting` null: not known yet (the bucket not opened): no badge, and the link marked data-late
 * for the page's script to fetch it (routes.ts /api/status).
 */
export function layout({
  title,
  current,
  token,
  setup,
  waiting = { selections: 0, unreadable: 0 },
  body,
}: {
  title: string;
  current: string | null;
  token: string;
  setup: DeskSetup;
  waiting?: Waiting | null;
  body: Raw;
}): string {
  const nav = [
    ['/', 'Galleries'],
    ['/new', 'New gallery'],
    ['/inbox', 'Selections'],
  ];
  // Selections' badge not known yet: none, and marked for the page's script.
  const late = (href?: string) => (href === '/inbox' && !waiting ? html` data-late="waiting"` : '');
  const bucket = setup.local ? 'Publishing to the preview on this computer' : 'Publishing to your website';
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="desk-token" content="${token}" />
        <title>${title} · Studio desk</title>
        <link rel="icon" href="/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/desk.css" />
        <script src="/assets/desk.js"></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to the content</a>
        <header class="top">
          <p class="brand">Coastlight studio desk</p>
          <nav aria-label="Desk">
            <ul>
              ${nav.map(
                ([href, label]) =>
                  html`<li>
                    <a href="${href}" ${href === current ? html` aria-current="page"` : ''}${late(href)}
                      >${label}${href === '/inbox' && waiting ? badges(waiting) : ''}</a
                    >
                  </li>`,
              )}
            </ul>
          </nav>
          <p class="publishing-to">${bucket}</p>
        </header>
        <main id="main">${body}</main>
      </body>
    </html> `.text;
}

/** Beside Selections: how many selections wait and, apart, how many messages are unreadable. */
export function badges({ selections, unreadable }: Waiting): Raw {
  return html`${selections ? html` <span class="badge">${selections}</span><span class="visually-hidden"> waiting</span>` : ''}${
    unreadable
      ? html` <span class="badge badge-quiet">${unreadable}<span class="visually-hidden"> unreadable</span></span>`
      : ''
  }`;
}

/** One gallery's card: cover, title, folder id, photos, package, downloads, last day, state. */
export function galleryCard(card: GalleryCard): Raw {
  if (card.problem !== undefined) {
    return html`<li class="card card-problem">
      <h2>${card.id}</h2>
      <p class="state state-held">${card.problem}</p>
    </li>`;
  }
  return html`<li class="card" data-gallery="${card.id}">
    ${
      card.cover
        ? html`<img class="cover" src="/photo/${card.cover}" alt="" width="480" height="320" loading="lazy" />`
        : html`<div class="cover cover-empty" aria-hidden="true"></div>`
    }
    <div class="card-body">
      <h2><a href="/gallery/${card.page}">${card.title}</a></h2>
      ${card.sample ? html`<p class="sample">The sample gallery</p>` : ''}
      <dl>
        <dt>Folder</dt>
        <dd><code>${card.id}</code></dd>
        <dt>Photos</dt>
        <dd>${card.photos}</dd>
        <dt>Package</dt>
        <dd>${card.package.text}</dd>
        <dt>Downloads</dt>
        <dd>${card.downloads}</dd>
        <dt>Last day</dt>
        <dd>${card.lastDay ?? 'No last day'}</dd>
      </dl>
      ${stateOf(card.state)}
    </div>
  </li>`;
}

/** Where a gallery stands on the host now, and what a publish would send (actions.ts stateOf). */
export function stateOf(state: GalleryState): Raw {
  return html`<p class="state state-${state.kind}">${state.text}</p>
    ${
      state.waiting?.length
        ? html`<div class="waits">
            <p>Waits for a publish:</p>
            <ul>
              ${state.waiting.map((line) => html`<li>${line}</li>`)}
            </ul>
          </div>`
        : ''
    }`;
}

/** The galleries whose last day is this week, each with a reminder to copy (never her password). */
export function closingSoonSection(closing: ClosingSoon[]): Raw | '' {
  if (!closing.length) return '';
  const when = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);
  return html`<section class="panel" aria-labelledby="closing-title">
    <h2 id="closing-title">Closing this week</h2>
    <ul class="closing">
      ${closing.map(
        (gallery, index) =>
          html`<li>
            <p>
              <strong>${gallery.title}</strong> closes at the end of ${gallery.lastDayText} (${when(gallery.daysLeft)}).
            </p>
            ${
              gallery.reminder
                ? html`<pre class="invitation" id="reminder-${index}">${gallery.reminder}</pre>
                    <button type="button" class="btn btn-quiet" data-copy="reminder-${index}">
                      Copy reminder<span class="visually-hidden"> for ${gallery.title}</span>
                    </button>`
                : html`<p class="hint">Its private link is made at its next publish; the reminder comes with it.</p>`
            }
          </li>`,
      )}
    </ul>
  </section>`;
}

/** Publish: every gallery to the desk's bucket, its progress and its outcome. */
export function publishPanel(setup: DeskSetup, locked: boolean | null = false): Raw {
  const where = setup.local ? 'the preview' : 'your website';
  return html`<section class="publish" aria-labelledby="publish-title">
    <h2 id="publish-title">Publish</h2>
    <p>
      Puts every gallery of yours on ${setup.local ? 'the preview on this computer' : 'your website'}, each locked with
      its password: only what changed is sent.
    </p>
    <form data-stream="/api/publish">
      <button type="submit" class="btn">Publish to ${where}</button>
    </form>
    <div class="progress-box" hidden>
      <progress class="progress" aria-labelledby="publish-progress-words"></progress>
      <p id="publish-progress-words" class="progress-words"></p>
    </div>
    <p class="status" id="publish-status" role="status" aria-live="polite" tabindex="-1"></p>
    <ul class="notes"></ul>
    ${unlockForm(locked)}
  </section>`;
}

/**
 * Unlock: offered only when the bucket holds a publish's lock and this desk is not publishing (a
 * publish that stopped halfway left it, or one runs on another computer): the command's --unlock.
 * `shown` null: not known yet: hidden, marked data-late for the page's script to fetch it.
 */
export function unlockForm(shown: boolean | null): Raw {
  const late = shown === null ? html` data-late="lock"` : '';
  return html`<form class="unlock" data-stream="/api/publish" data-unlock ${shown ? '' : html`hidden`}${late}>
    <p>
      A publish that started earlier has not finished, and its lock stops the next one. If it stopped halfway (a closed
      window, the computer asleep), break its lock and publish now. If it still runs on another computer, wait for it.
    </p>
    <button type="submit" class="btn btn-quiet">Break the lock and publish</button>
  </form>`;
}

/** Galleries published to the bucket whose folder is gone: Remove, behind a confirmation. */
export function removeSection(gone: Removable[]): Raw | '' {
  if (!gone.length) return '';
  return html`<section class="remove" aria-labelledby="remove-title">
    <h2 id="remove-title">Galleries whose folder is gone</h2>
    <p>
      These are still published, as they were, though their folder is no longer in your galleries folder. Put a folder
      back to keep it; remove it to take it off your website.
    </p>
    <ul class="gone">
      ${gone.map(
        ({ id, published }) =>
          html`<li>
            <code>${id}</code>, published ${published}
            <button type="button" class="btn btn-quiet" data-dialog="remove-${id}">
              Remove<span class="visually-hidden"> ${id}</span>…
            </button>
            <dialog id="remove-${id}" aria-labelledby="remove-${id}-title">
              <h2 id="remove-${id}-title">Remove ${id} from your website?</h2>
              <p>
                Her password, her link and her partner links will open nothing: she sees "wrong password" as if it had
                never been, and a device that remembered her forgets it.
              </p>
              <p>
                This cannot be taken back: every file of it is deleted from your website now. To show it again you would
                need its folder and a new publish.
              </p>
              <form data-action="/api/remove" data-after="refresh">
                <input type="hidden" name="id" value="${id}" />
                <button type="submit" class="btn btn-danger">Remove it now</button>
                <button type="button" class="btn btn-quiet" data-dialog-close>Keep it</button>
              </form>
            </dialog>
          </li>`,
      )}
    </ul>
  </section>`;
}

/** Her galleries at a glance. */
/**
 * Her first run: no galleries folder yet. One press makes it, and one sentence says where and why
 * outside the project. Until then the desk shows the sample and writes nothing.
 */
export function folderOffer(setup: DeskSetup): Raw | '' {
  if (!setup.own || existsSync(setup.own)) return '';
  return html`<section class="panel" aria-labelledby="folder-title">
    <h2 id="folder-title">Your galleries folder</h2>
    <p>
      Your clients' photos and passwords live in a folder of their own on this computer,
      <code>${setup.own}</code>, outside your website's files, so they never travel with the website.
    </p>
    <form data-action="/api/galleries/make-folder" data-after="refresh">
      <button type="submit" class="btn">Make my galleries folder</button>
    </form>
  </section>`;
}

export function galleriesPage(
  cards: GalleryCard[],
  setup: DeskSetup,
  {
    locked = false,
    gone = [],
    closing = [],
  }: { locked?: boolean | null; gone?: Removable[]; closing?: ClosingSoon[] } = {},
): Raw {
  const count = cards.length;
  if (setup.refusal)
    return html`<h1>Your galleries</h1>
      ${folderOffer(setup)}
      <p class="note">${setup.refusal}</p>`;
  return html`<h1>Your galleries</h1>
    ${folderOffer(setup)} ${closingSoonSection(closing)} ${publishPanel(setup, locked)}
    <p class="lead">${count} ${count === 1 ? 'gallery' : 'galleries'} in <code>${setup.dir}</code></p>
    ${
      count
        ? html`<ul class="cards">
            ${cards.map(galleryCard)}
          </ul>`
        : html`<p>No galleries yet: New gallery makes one from her photos.</p>`
    }
    ${removeSection(gone)}`;
}

/** What the desk says of a message that is not a selection, in the command's words (inbox-command.ts formatMessages). */
export const NOT_A_SELECTION: Record<Exclude<InboxMessage['kind'], 'selection'>, string> = {
  unreadable:
    'Unreadable, kept. It is not a selection as the gallery page sends one, so nothing of it is shown. Done deletes it.',
  'other-key':
    'This message does not open with the studio key in your passwords.env: it was sealed to another studio key, and it was kept. Done deletes it.',
};

/** Done for one message: files it away from the list. */
function doneForm(message: InboxMessage, label: string): Raw {
  return html`<form data-action="/api/inbox/done" data-after="remove">
    <input type="hidden" name="id" value="${message.id}" />
    <button type="submit" class="btn">Done<span class="visually-hidden"> with ${label}</span></button>
  </form>`;
}

/**
 * One selection, as the studio's records have it (publish/selection-check.ts): her picks as
 * thumbnails of her gallery's photos with her notes, the Lightroom line, her link on the site, Done.
 * A pick her gallery does not have is said so, with no thumbnail.
 */
export function selectionCard(message: InboxMessage): Raw {
  if (message.kind !== 'selection') {
    return html`<li class="message" data-message="${message.id}">
      <h2>${message.gallery}, ${message.day}</h2>
      <p class="state state-held">${NOT_A_SELECTION[message.kind]}</p>
      <div class="actions">${doneForm(message, `the message of ${message.day}`)}</div>
    </li>`;
  }
  const line = `lightroom-${message.short}`;
  const count =
    message.included === null ? `${message.counted} chosen` : `${message.counted} of ${message.included} included`;
  return html`<li class="message" data-message="${message.id}">
    <h2>${message.title}</h2>
    <p class="meta"><code>${message.gallery}</code>, sent ${message.sent}: ${count}</p>
    <ul class="picks">
      ${message.picks.map(
        (pick) =>
          html`<li>
            ${
              pick.thumb
                ? html`<img
                    src="/photo/${pick.thumb}"
                    alt="Photo ${pick.number}"
                    width="160"
                    height="107"
                    loading="lazy"
                  />`
                : html`<div class="pick-missing" aria-hidden="true"></div>`
            }
            <p class="pick-name">
              Photo ${pick.number} <span>(${pick.file ?? 'a photo this gallery does not have'})</span>
            </p>
            ${pick.note ? html`<p class="pick-note">${pick.note}</p>` : ''}
          </li>`,
      )}
    </ul>
    <div class="lightroom">
      <p><span class="label">Lightroom</span> <code id="${line}">${message.lightroom}</code></p>
      <button type="button" class="btn btn-quiet" data-copy="${line}">
        Copy<span class="visually-hidden"> the Lightroom line</span>
      </button>
    </div>
    <div class="actions">
      ${
        message.link
          ? html`<a class="btn btn-quiet" href="${message.link}" target="_blank" rel="noreferrer noopener"
              >Open as she chose it</a
            >`
          : ''
      }
      ${doneForm(message, message.title)}
    </div>
  </li>`;
}

/** Her clients' selections, newest first. */
export function inboxPage({ messages, problem }: { messages: InboxMessage[]; problem: string | null }): Raw {
  const count = messages.filter((message) => message.kind === 'selection').length;
  const unreadable = messages.length - count;
  const waiting = count
    ? `${count} ${count === 1 ? 'selection is' : 'selections are'} waiting`
    : 'No selections are waiting';
  const lead = `${waiting}${unreadable ? `, and ${unreadable} ${unreadable === 1 ? 'message is' : 'messages are'} unreadable` : ''}, newest first.`;
  return html`<h1>Selections</h1>
    <p class="status" role="status" aria-live="polite" tabindex="-1"></p>
    ${
      problem
        ? html`<p class="note">${problem}</p>`
        : messages.length
          ? html`<p class="lead">${lead}</p>
              <ul class="messages">
                ${messages.map(selectionCard)}
              </ul>`
          : html`<p class="lead">No selections are waiting.</p>`
    }`;
}

/** A new gallery: its folder name, title, last day (from `today`, YYYY-MM-DD: no past day is offered), package, downloads, password and photos. */
/** A select's option, chosen when its value is the current one. */
const option = (value: string, label: string, current: string) =>
  html`<option value="${value}" ${value === current ? html`selected` : ''}>${label}</option>`;

/** The downloads a gallery may allow, `current` chosen: the same three wherever they are set. */
const downloadOptions = (current: string) =>
  html`${option('web', 'Web-size downloads', current)} ${option('full', 'Full-size downloads (originals)', current)}
  ${option('none', 'No downloads', current)}`;

export function newGalleryPage(
  today = new Date().toLocaleDateString('en-CA'),
  defaults: GalleryDefaults = NO_DEFAULTS,
): Raw {
  const start = newGalleryPrefill(defaults, today);
  return html`<h1>A new gallery</h1>
    <p class="lead">
      Her photos are copied into a new folder in your galleries folder, never moved; its gallery.yaml is written as you
      could write it by hand.
    </p>
    <form class="form" data-new-gallery>
      <p>
        <label for="title">Title, as she will see it</label>
        <input id="title" name="title" required autocomplete="off" />
      </p>
      <p>
        <label for="id">Folder name <span class="hint">(a-z, 0-9 and dashes, e.g. jenna-2026-10)</span></label>
        <input
          id="id"
          name="id"
          required
          pattern="[a-z0-9][a-z0-9\\-]*"
          autocomplete="off"
          spellcheck="false"
          aria-describedby="new-id-status"
        />
        <span class="field-status" id="new-id-status" role="status" aria-live="polite"></span>
      </p>
      <p>
        <label for="expires">Last day open <span class="hint">(optional)</span></label>
        <input
          id="expires"
          name="expires"
          type="date"
          min="${today}"
          value="${start.expires}"
          aria-describedby="new-expires-status"
        />
        <span class="field-status" id="new-expires-status" role="status" aria-live="polite"></span>
      </p>
      <fieldset>
        <legend>Package</legend>
        <p>
          <label for="included">Photos included <span class="hint">(empty: favorites, no package)</span></label>
          <input
            id="included"
            name="included"
            type="number"
            min="1"
            step="1"
            inputmode="numeric"
            value="${start.included}"
          />
        </p>
        <p>
          <label for="limit">Beyond what is included</label>
          <select id="limit" name="limit">
            ${option('soft', 'She may choose more', start.limit || 'soft')}
            ${option('strict', 'No more (strict)', start.limit || 'soft')}
          </select>
        </p>
        <p>
          <label for="extraPhotoPrice">Price of each extra photo <span class="hint">(optional, e.g. $35)</span></label>
          <input id="extraPhotoPrice" name="extraPhotoPrice" autocomplete="off" value="${start.extraPhotoPrice}" />
        </p>
      </fieldset>
      <p>
        <label for="downloads">Downloads</label>
        <select id="downloads" name="downloads">
          ${downloadOptions(start.downloads)}
        </select>
      </p>
      <p>
        <label for="password">Her password <span class="hint">(leave empty for a strong one made for you)</span></label>
        <input
          id="password"
          name="password"
          type="text"
          autocomplete="off"
          spellcheck="false"
          aria-describedby="new-password-status"
        />
        <span class="field-status" id="new-password-status" role="status" aria-live="polite"></span>
      </p>
      <fieldset>
        <legend>Her photos <span class="hint">(copied in, never moved: one way is enough)</span></legend>
        <p>
          <label for="photos">Choose them</label>
          <input
            id="photos"
            name="photos"
            type="file"
            multiple
            accept=".jpg,.jpeg,.png,.webp,.avif,image/jpeg,image/png,image/webp,image/avif"
          />
        </p>
        <div class="drop" data-drop>
          <p>Or drop them here, from the Finder or the Explorer.</p>
          <p class="drop-count" aria-live="polite"></p>
        </div>
        <p>
          <label for="from"
            >Or the path of the folder that holds them
            <span class="hint">(e.g. /Users/you/Pictures/Jenna; every photo in it is copied)</span></label
          >
          <input id="from" name="from" autocomplete="off" spellcheck="false" aria-describedby="new-from-status" />
          <span class="field-status" id="new-from-status" role="status" aria-live="polite"></span>
        </p>
      </fieldset>
      <p><button type="submit" class="btn">Make the gallery</button></p>
    </form>
    <progress class="progress" aria-label="Copying her photos" hidden></progress>
    <p class="status" role="status" aria-live="polite" tabindex="-1"></p>
    <div class="made" hidden>
      <p>Her password: <code id="made-password"></code></p>
      <button type="button" class="btn btn-quiet" data-copy="made-password">
        Copy<span class="visually-hidden"> her password</span>
      </button>
      <p><a href="/">Back to your galleries</a></p>
    </div>
    ${defaultsSection(defaults)}`;
}

/** Her settings for a new gallery: what the form above starts with, kept in her galleries folder. */
function defaultsSection(defaults: GalleryDefaults): Raw {
  return html`<section aria-labelledby="defaults-title">
    <h2 id="defaults-title">Settings for a new gallery</h2>
    <p>What most of your galleries share: each new gallery's form starts with these.</p>
    <form class="form" data-action="/api/galleries/defaults" data-after="refresh" data-status="defaults-status">
      <p>
        <label for="defaults-days">Days a new gallery stays open <span class="hint">(empty: no last day)</span></label>
        <input
          id="defaults-days"
          name="daysOpen"
          type="number"
          min="1"
          max="3650"
          step="1"
          inputmode="numeric"
          value="${defaults.daysOpen ?? ''}"
        />
      </p>
      <p>
        <label for="defaults-included"
          >Photos a new gallery includes <span class="hint">(empty: favorites, no package)</span></label
        >
        <input
          id="defaults-included"
          name="included"
          type="number"
          min="1"
          step="1"
          inputmode="numeric"
          value="${defaults.included ?? ''}"
        />
      </p>
      <p>
        <label for="defaults-limit">Beyond what a new gallery includes</label>
        <select id="defaults-limit" name="limit">
          ${option('', 'She may choose more', defaults.strict ? 'strict' : '')}
          ${option('strict', 'No more (strict)', defaults.strict ? 'strict' : '')}
        </select>
      </p>
      <p>
        <label for="defaults-price"
          >Price of each extra photo, for a new gallery <span class="hint">(optional, e.g. $35)</span></label
        >
        <input
          id="defaults-price"
          name="extraPhotoPrice"
          autocomplete="off"
          value="${defaults.extraPhotoPrice ?? ''}"
        />
      </p>
      <p>
        <label for="defaults-downloads">Downloads, for a new gallery</label>
        <select id="defaults-downloads" name="downloads">
          ${downloadOptions(defaults.downloads)}
        </select>
      </p>
      <p><button type="submit" class="btn btn-quiet">Keep these for a new gallery</button></p>
    </form>
    <p class="status" id="defaults-status" role="status" aria-live="polite" tabindex="-1"></p>
  </section>`;
}

/** One gallery: its invitation, its photos (order, descriptions), partner links (by tapping photos) and closing it. */
export function galleryPage(
  detail: GalleryDetail,
  setup: DeskSetup | null,
  today = new Date().toLocaleDateString('en-CA'),
): Raw {
  const { id, title } = detail;
  return html`<p><a href="/">Your galleries</a></p>
    <h1>${title}</h1>
    ${detail.sample ? html`<p class="sample">The sample gallery</p>` : ''}
    <div class="standing">${stateOf(detail.state)}</div>
    <p class="status" role="status" aria-live="polite" tabindex="-1"></p>
    ${setup && !detail.closed ? publishPanel(setup) : ''}
    <section aria-labelledby="invitation-title">
      <h2 id="invitation-title">Her invitation</h2>
      ${
        detail.closed
          ? html`<p>This gallery has closed: there is nothing to send.</p>`
          : detail.invitation
            ? html`${
                  detail.state.kind === 'never'
                    ? html`<p class="note">Not published yet: this invitation opens nothing until you publish.</p>`
                    : ''
                }
                <pre class="invitation" id="invitation">${detail.invitation}</pre>
                <button type="button" class="btn" data-copy="invitation">Copy invitation</button>
                <p class="hint">Paste it into a private email or message to her only.</p>
                <h3>Her password, to send apart</h3>
                <pre class="invitation" id="password-text">${detail.passwordText}</pre>
                <button type="button" class="btn btn-quiet" data-copy="password-text">Copy password</button>
                <p class="hint">
                  Send it in another message, or by another way (a text if the invitation went by email).
                </p>`
            : html`<p>Publish the gallery first: its private link is made then.</p>`
      }
    </section>
    ${detail.closed ? '' : settingsSection(detail, today)} ${detail.closed || detail.sample ? '' : passwordSection(id)}
    ${detail.closed ? '' : photosSection(detail)} ${detail.closed ? '' : partnerSection(detail)}
    ${detail.closed ? '' : closeSection(id, title, setup?.local)}
    ${detail.state.kind === 'never' && !detail.sample ? deleteSection(id, title) : ''}`;
}

/** Its settings, changed in place: title, last day (no past day offered), package, downloads. */
function settingsSection({ id, settings }: GalleryDetail, today: string): Raw {
  return html`<section aria-labelledby="settings-title">
    <h2 id="settings-title">Settings</h2>
    <form class="form" data-action="/api/galleries/settings" data-after="refresh" data-status="settings-status">
      <input type="hidden" name="id" value="${id}" />
      <p>
        <label for="settings-title-field">Title, as she sees it</label>
        <input id="settings-title-field" name="title" required autocomplete="off" value="${settings.title}" />
      </p>
      <p>
        <label for="settings-expires">Last day open <span class="hint">(empty: open until you close it)</span></label>
        <input id="settings-expires" name="expires" type="date" min="${today}" value="${settings.expires}" />
      </p>
      <fieldset>
        <legend>Package</legend>
        <p>
          <label for="settings-included"
            >Photos included <span class="hint">(empty: favorites, no package)</span></label
          >
          <input
            id="settings-included"
            name="included"
            type="number"
            min="1"
            step="1"
            inputmode="numeric"
            value="${settings.included}"
          />
        </p>
        <p>
          <label for="settings-limit">Beyond what is included</label>
          <select id="settings-limit" name="limit">
            ${option('soft', 'She may choose more', settings.strict ? 'strict' : 'soft')}
            ${option('strict', 'No more (strict)', settings.strict ? 'strict' : 'soft')}
          </select>
        </p>
        <p>
          <label for="settings-price">Price of each extra photo <span class="hint">(optional, e.g. $35)</span></label>
          <input id="settings-price" name="extraPhotoPrice" autocomplete="off" value="${settings.extraPhotoPrice}" />
        </p>
      </fieldset>
      <p>
        <label for="settings-downloads">Downloads</label>
        <select id="settings-downloads" name="downloads">
          ${downloadOptions(settings.downloads)}
        </select>
      </p>
      <p><button type="submit" class="btn">Save the settings</button></p>
    </form>
    <p class="status" id="settings-status" role="status" aria-live="polite" tabindex="-1"></p>
  </section>`;
}

/** A new password: hers, or a strong one made for her; the password text above then has it. */
function passwordSection(id: string): Raw {
  return html`<section aria-labelledby="password-title">
    <h2 id="password-title">Her password</h2>
    <form class="form" data-action="/api/galleries/password" data-after="refresh" data-status="password-status">
      <input type="hidden" name="id" value="${id}" />
      <p>
        <label for="new-password"
          >A new password <span class="hint">(leave empty for a strong one made for you)</span></label
        >
        <input id="new-password" name="password" type="text" autocomplete="off" spellcheck="false" />
      </p>
      <p><button type="submit" class="btn btn-quiet">Set a new password</button></p>
    </form>
    <p class="status" id="password-status" role="status" aria-live="polite" tabindex="-1"></p>
  </section>`;
}

/** A gallery never published: deleted with its folder, behind a confirmation. */
function deleteSection(id: string, title: string): Raw {
  return html`<section aria-labelledby="delete-title">
    <h2 id="delete-title">Delete this gallery</h2>
    <button type="button" class="btn btn-quiet" data-dialog="delete-dialog">Delete this gallery…</button>
    <dialog id="delete-dialog" aria-labelledby="delete-dialog-title">
      <h2 id="delete-dialog-title">Delete ${title}?</h2>
      <p>
        It has never been published, so she has seen nothing of it. Its folder, the photos copied into it and its
        password are deleted from this computer; the photos you copied them from stay where they are.
      </p>
      <form data-action="/api/galleries/delete" data-after="home">
        <input type="hidden" name="id" value="${id}" />
        <button type="submit" class="btn btn-danger">Delete it</button>
        <button type="button" class="btn btn-quiet" data-dialog-close>Keep it</button>
      </form>
    </dialog>
  </section>`;
}

function partnerSection({ id, photos, shares }: GalleryDetail): Raw {
  return html`<section aria-labelledby="partner-title">
    <h2 id="partner-title">Partner links</h2>
    <p>Tap the photos a partner link shows (for viewing only; her own access is untouched).</p>
    <form data-action="/api/share" data-after="refresh" data-list="photos" data-status="partner-status">
      <input type="hidden" name="id" value="${id}" />
      <fieldset class="tiles">
        <legend>Photos for the partner link</legend>
        ${photos.map(
          (photo) =>
            html`<span class="tile">
              <input type="checkbox" id="photo-${photo.number}" name="photos" value="${photo.number}" />
              <label for="photo-${photo.number}">
                <img src="/photo/${photo.thumb}" alt="" width="160" height="107" loading="lazy" />
                <span>Photo ${photo.number}</span>
              </label>
            </span>`,
        )}
      </fieldset>
      <p>
        <label for="share-name"
          >Its name, for you
          <span class="hint">(optional, e.g. for her partner: shown in your list of links)</span></label
        >
        <input id="share-name" name="name" maxlength="60" autocomplete="off" />
      </p>
      <p>
        <label for="share-expires">Last day it opens <span class="hint">(optional)</span></label>
        <input id="share-expires" name="expires" type="date" />
      </p>
      <p><button type="submit" class="btn">Make the partner link</button></p>
    </form>
    <p class="status" id="partner-status" role="status" aria-live="polite" tabindex="-1"></p>
    ${
      shares.length
        ? html`<ul class="shares">
            ${shares.map(
              (share) =>
                html`<li>
                  ${share.name ? html`<strong class="share-name">${share.name}</strong>` : ''}
                  <code id="share-${share.code}">${share.link}</code>
                  <span class="hint"
                    >${share.names.join(', ')}${share.expires ? `, until the end of ${share.expires}` : ''}</span
                  >
                  <button type="button" class="btn btn-quiet" data-copy="share-${share.code}">
                    Copy<span class="visually-hidden"> the partner link ${share.code}</span>
                  </button>
                  <form data-action="/api/share" data-after="refresh" data-status="partner-status">
                    <input type="hidden" name="id" value="${id}" />
                    <input type="hidden" name="withdraw" value="${share.code}" />
                    <button type="submit" class="btn btn-quiet">
                      Withdraw<span class="visually-hidden"> the partner link ${share.code}</span>
                    </button>
                  </form>
                </li>`,
            )}
          </ul>`
        : ''
    }
  </section>`;
}

function closeSection(id: string, title: string, local = false): Raw {
  return html`<section aria-labelledby="close-title">
    <h2 id="close-title">Close the gallery</h2>
    <button type="button" class="btn btn-quiet" data-dialog="close-dialog">Close this gallery…</button>
    <p class="status" id="close-status" role="status" aria-live="polite" tabindex="-1"></p>
    <dialog id="close-dialog" aria-labelledby="close-dialog-title">
      <h2 id="close-dialog-title">Close ${title} now?</h2>
      ${
        local
          ? html`<p>
                This desk publishes to the local preview: closing here is a rehearsal. The preview shows "This gallery
                has closed"; her gallery.yaml and the gallery on your website stay as they are.
              </p>
              <p>To close it for her, close it on the desk of your website, not the preview's.</p>`
          : html`<p>
                Her next visit, her link and a device that remembered her will show "This gallery has closed". Her
                partner links close with it.
              </p>
              <p>
                This cannot be taken back: her photos are deleted from your website now, and its gallery.yaml ends
                yesterday. To open it again you would publish it anew, with a new last day.
              </p>`
      }
      <form data-action="/api/close" data-after="refresh" data-status="close-status">
        <input type="hidden" name="id" value="${id}" />
        <button type="submit" class="btn btn-danger">${local ? 'Rehearse closing it' : 'Close it now'}</button>
        <button type="button" class="btn btn-quiet" data-dialog-close>Keep it open</button>
      </form>
    </dialog>
  </section>`;
}

/**
 * Her photos in their order with their descriptions (alt text): the order and the descriptions are
 * gallery.yaml's `photos` list, written by the desk as she could write it by hand.
 */
function photosSection({ id, photos }: GalleryDetail): Raw {
  const last = photos.length - 1;
  return html`<section aria-labelledby="photos-title">
    <h2 id="photos-title">Photos, their order and descriptions</h2>
    <p>
      Drag a photo, or move it up or down, to change where she sees it; the first is her cover, the photo her gallery
      opens on. Describe each for someone who cannot see it. Saved into its gallery.yaml; publish for her to see the
      change.
    </p>
    <form data-action="/api/photos" data-after="refresh" data-list="files alts" data-order data-status="photos-status">
      <input type="hidden" name="id" value="${id}" />
      <ol class="order">
        ${photos.map(
          (photo, index) =>
            html`<li class="order-item" draggable="true">
              <img src="/photo/${photo.thumb}" alt="" width="160" height="107" loading="lazy" />
              <input type="hidden" name="files" value="${photo.file}" />
              <p>
                <label for="alt-${index}"
                  >Description of photo <span class="order-number">${photo.number}</span>${
                    index === 0 ? html`<span class="cover-mark"> (the cover)</span>` : ''
                  } <span class="hint order-file">${photo.file}</span></label
                >
                <input id="alt-${index}" name="alts" value="${photo.alt}" autocomplete="off" />
              </p>
              <span class="order-moves">
                <button type="button" class="btn btn-quiet" data-move="-1" ${index === 0 ? html`disabled` : ''}>
                  Up<span class="visually-hidden"> ${photo.file}</span>
                </button>
                <button type="button" class="btn btn-quiet" data-move="1" ${index === last ? html`disabled` : ''}>
                  Down<span class="visually-hidden"> ${photo.file}</span>
                </button>
                <button
                  type="button"
                  class="btn btn-quiet cover-button"
                  data-post="api/galleries/cover"
                  data-gallery="${id}"
                  data-file="${photo.file}"
                  data-status="photos-status"
                  ${index === 0 ? html`hidden` : ''}
                >
                  Make it the cover<span class="visually-hidden"> (${photo.file})</span>
                </button>
                <button
                  type="button"
                  class="btn btn-quiet"
                  data-post="api/galleries/remove-photo"
                  data-gallery="${id}"
                  data-file="${photo.file}"
                  data-status="photos-status"
                >
                  Take it out<span class="visually-hidden"> (${photo.file})</span>
                </button>
              </span>
            </li>`,
        )}
      </ol>
      <p><button type="submit" class="btn">Save the order and descriptions</button></p>
    </form>
    <p class="status" id="photos-status" role="status" aria-live="polite" tabindex="-1"></p>
    <form class="form" data-add-photos data-gallery="${id}" data-status="photos-status">
      <h3>Add photos</h3>
      <p>
        <label for="add-photos">Choose them</label>
        <input
          id="add-photos"
          name="photos"
          type="file"
          multiple
          accept=".jpg,.jpeg,.png,.webp,.avif,image/jpeg,image/png,image/webp,image/avif"
        />
      </p>
      <p>
        <label for="add-from"
          >Or the path of the folder that holds them <span class="hint">(every photo in it is copied)</span></label
        >
        <input id="add-from" name="from" autocomplete="off" spellcheck="false" />
      </p>
      <p><button type="submit" class="btn btn-quiet">Add these photos</button></p>
    </form>
  </section>`;
}
