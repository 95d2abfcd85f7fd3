// A new gallery, an island: its fields checked whole by the desk before anything is made (a refusal
// said beside its field, marked, with a strong password she may take at once), then her photos
// copied in with a progress bar, then her password to copy and the way back to her galleries.
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { DownloadsField, Hint, PackageFields, PHOTO_TYPES } from '../pages/parts.tsx';
import { CopyButton } from './CopyButton.tsx';
import { change, say } from './desk-client.ts';
import { copyPhotos } from './photos-client.ts';

/** What the form starts with (defaults.ts newGalleryPrefill). */
export interface NewGalleryStart {
  expires: string;
  included: string;
  limit: string;
  extraPhotoPrice: string;
  downloads: string;
}

/** A refusal about one field, said beside it; `invalid` false once she took the password offered. */
interface FieldAnswer {
  field: string;
  message: string;
  suggestion: string | null;
  invalid: boolean;
}

const FIELDS = ['id', 'expires', 'password', 'from'] as const;

export function NewGalleryForm({ today, start }: { today: string; start: NewGalleryStart }) {
  const [answer, setAnswer] = useState<FieldAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [dropped, setDropped] = useState<File[]>([]);
  const [over, setOver] = useState(false);
  const [bar, setBar] = useState<{ value: number; max: number } | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const focus = useRef<string | null>(null);

  // Her eye and her keyboard go to the field a refusal is about.
  useEffect(() => {
    const name = focus.current;
    focus.current = null;
    if (name) form.current?.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus();
  }, [answer]);

  const field = (name: (typeof FIELDS)[number]) => ({
    'aria-describedby': `new-${name}-status`,
    'aria-invalid': answer?.field === name && answer.invalid ? ('true' as const) : undefined,
  });
  const fieldStatus = (name: (typeof FIELDS)[number]) => (
    <span className="field-status" id={`new-${name}-status`} role="status" aria-live="polite">
      {answer?.field === name ? answer.message : null}
      {answer?.field === name && answer.suggestion ? (
        <>
          {' '}
          <button type="button" className="btn btn-quiet" onClick={() => take(answer.suggestion!)}>
            {`Use this one: ${answer.suggestion}`}
          </button>
        </>
      ) : null}
    </span>
  );

  /** The strong password offered, taken into her password's field. */
  const take = (suggestion: string) => {
    const input = form.current?.querySelector<HTMLInputElement>('[name="password"]');
    if (input) input.value = suggestion;
    focus.current = 'password';
    setAnswer({
      field: 'password',
      message: 'A strong password made for her is in the field: Make the gallery when you are ready.',
      suggestion: null,
      invalid: false,
    });
  };

  const make = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const { from = '', ...fields } = Object.fromEntries(
      [...new FormData(element)].filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const files = [...(element.querySelector<HTMLInputElement>('input[type="file"]')?.files ?? []), ...dropped];
    setBusy(true);
    setAnswer(null);
    // The folder's path goes with the fields: the desk checks it before it makes anything.
    const { ok, reply } = await change('api/galleries/new', { ...fields, from });
    if (!ok || !reply.made) {
      setBusy(false);
      // A refusal about one field is said beside it; the rest in the page's status line.
      if (reply.field && (FIELDS as readonly string[]).includes(reply.field)) {
        focus.current = reply.field;
        setAnswer({
          field: reply.field,
          message: reply.message ?? '',
          suggestion: reply.suggestion ?? null,
          invalid: true,
        });
      } else say(reply.message ?? '');
      return;
    }
    const { id, password, generated } = reply.made;
    setBar({ value: 0, max: Math.max(1, files.length) });
    const { copied, problems } = await copyPhotos(id, files, from.trim(), (words, done, of) => {
      setBar({ value: done, max: Math.max(1, of) });
      say(words);
    });
    setBar(null);
    say(
      [
        `The gallery ${id} is made with ${copied} ${copied === 1 ? 'photo' : 'photos'}${generated ? ' and a strong password made for her' : ''}: publish it for her to see it.`,
        ...problems,
      ].join(' '),
    );
    setMade(password);
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const files = [...event.dataTransfer.files];
    setDropped((before) => [...before, ...files]);
  };

  return (
    <>
      <form className="form" hidden={made !== null} ref={form} onSubmit={(event) => void make(event)}>
        <p>
          <label htmlFor="title">Title, as she will see it</label>
          <input id="title" name="title" required autoComplete="off" />
        </p>
        <p>
          <label htmlFor="id">
            {'Folder name '}
            <Hint>(a-z, 0-9 and dashes, e.g. jenna-2026-10)</Hint>
          </label>
          <input
            id="id"
            name="id"
            required
            pattern="[a-z0-9][a-z0-9\-]*"
            autoComplete="off"
            spellCheck={false}
            {...field('id')}
          />
          {fieldStatus('id')}
        </p>
        <p>
          <label htmlFor="expires">
            {'Last day open '}
            <Hint>(optional)</Hint>
          </label>
          <input
            id="expires"
            name="expires"
            type="date"
            min={today}
            {...field('expires')}
            defaultValue={start.expires}
          />
          {fieldStatus('expires')}
        </p>
        <PackageFields
          ids={{ included: 'included', limit: 'limit', price: 'extraPhotoPrice' }}
          values={{
            included: start.included,
            strict: start.limit === 'strict',
            extraPhotoPrice: start.extraPhotoPrice,
          }}
        />
        <DownloadsField id="downloads" value={start.downloads} />
        <p>
          <label htmlFor="password">
            {'Her password '}
            <Hint>(leave empty for a strong one made for you)</Hint>
          </label>
          <input
            id="password"
            name="password"
            type="text"
            autoComplete="off"
            spellCheck={false}
            {...field('password')}
          />
          {fieldStatus('password')}
        </p>
        <fieldset>
          <legend>
            {'Her photos '}
            <Hint>(copied in, never moved: one way is enough)</Hint>
          </legend>
          <p>
            <label htmlFor="photos">Choose them</label>
            <input id="photos" name="photos" type="file" multiple accept={PHOTO_TYPES} />
          </p>
          <div
            className={`my-2 rounded-md border-2 border-dashed p-4 text-center text-muted [&_p]:m-0 ${over ? 'border-plum bg-linen' : 'border-champagne'}`}
            data-drop=""
            onDragOver={(event) => {
              event.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={drop}
          >
            <p>Or drop them here, from the Finder or the Explorer.</p>
            <p className="drop-count" aria-live="polite">
              {dropped.length
                ? `${dropped.length} ${dropped.length === 1 ? 'photo' : 'photos'} dropped: ${dropped.map((file) => file.name).join(', ')}`
                : null}
            </p>
          </div>
          <p>
            <label htmlFor="from">
              {'Or the path of the folder that holds them '}
              <Hint>(e.g. /Users/you/Pictures/Jenna; every photo in it is copied)</Hint>
            </label>
            <input id="from" name="from" autoComplete="off" spellCheck={false} {...field('from')} />
            {fieldStatus('from')}
          </p>
        </fieldset>
        <p>
          <button type="submit" className="btn" disabled={busy}>
            Make the gallery
          </button>
        </p>
      </form>
      <progress
        className="mt-4 w-full accent-plum"
        aria-label="Copying her photos"
        hidden={bar === null}
        {...(bar ? { value: bar.value, max: bar.max } : {})}
      ></progress>
      <div className="made mt-4 rounded-md bg-linen px-5 py-4" hidden={made === null}>
        <p>
          {'Her password: '}
          <code id="made-password">{made}</code>
        </p>
        <CopyButton target="made-password" label="Copy" hidden=" her password" />
        <p>
          <a href="/">Back to your galleries</a>
        </p>
      </div>
    </>
  );
}
