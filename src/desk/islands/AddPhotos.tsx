// Add photos, an island: photos added to a gallery already made, chosen on her computer or the path
// of the folder that holds them, copied in; then the page rendered anew with them.
import { useState, type FormEvent } from 'react';
import { renderAnew, say } from './desk-client.ts';
import { copyPhotos } from './photos-client.ts';
import { PHOTO_TYPES } from '../pages/parts.tsx';

export function AddPhotos({ id }: { id: string }) {
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const files = [...(form.querySelector<HTMLInputElement>('input[type="file"]')?.files ?? [])];
    const from = String(new FormData(form).get('from') ?? '').trim();
    if (!files.length && !from) {
      say('Choose her photos, or write the path of the folder that holds them.', 'photos-status')?.focus();
      return;
    }
    setBusy(true);
    const { copied, problems } = await copyPhotos(id, files, from, (words) => say(words, 'photos-status'));
    setBusy(false);
    if (copied) await renderAnew(['main']);
    say(
      [
        copied
          ? `${copied} ${copied === 1 ? 'photo' : 'photos'} added: publish for her to see them.`
          : 'No photo was added.',
        ...problems,
      ].join(' '),
      'photos-status',
    )?.focus();
  };
  return (
    <form
      className="form"
      data-add-photos=""
      data-gallery={id}
      data-status="photos-status"
      onSubmit={(event) => void add(event)}
    >
      <h3>Add photos</h3>
      <p>
        <label htmlFor="add-photos">Choose them</label>
        <input id="add-photos" name="photos" type="file" multiple accept={PHOTO_TYPES} />
      </p>
      <p>
        <label htmlFor="add-from">
          {'Or the path of the folder that holds them '}
          <span className="hint">(every photo in it is copied)</span>
        </label>
        <input id="add-from" name="from" autoComplete="off" spellCheck={false} />
      </p>
      <p>
        <button type="submit" className="btn btn-quiet" disabled={busy}>
          Add these photos
        </button>
      </p>
    </form>
  );
}
