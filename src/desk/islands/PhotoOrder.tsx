// Her photos' order and descriptions, an island: moved up or down by the keyboard or dragged, the
// numbers, the cover mark and the moves that go nowhere kept live before Save, which writes the list
// as it stands (the form around it: its hidden files and the descriptions, in this order).
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { change, renderAnew, say } from './desk-client.ts';
import { Thumb } from '../pages/parts.tsx';

export interface OrderPhoto {
  number: number;
  thumb: string;
  file: string;
  alt: string;
}

/**
 * A change to one photo (the cover, taking it out), saved at once: the page rendered anew with it,
 * and what happened said beside her photos.
 */
async function photoChange(path: string, id: string, file: string) {
  const { ok, reply } = await change(path, { id, file });
  if (ok) await renderAnew(['main']);
  say([reply.message ?? '', ...(reply.warnings ?? [])].join(' '), 'photos-status')?.focus();
}

export function PhotoOrder({ id, photos }: { id: string; photos: OrderPhoto[] }) {
  const [order, setOrder] = useState(photos);
  const items = useRef(new Map<string, HTMLLIElement>());
  const dragged = useRef<string | null>(null);
  // The photo just moved and the move that moved it: focus stays on that move while it goes somewhere.
  const moved = useRef<{ file: string; by: -1 | 1 | 0 } | null>(null);

  const move = (file: string, to: number, by: -1 | 1 | 0) => {
    const from = order.findIndex((photo) => photo.file === file);
    if (from < 0 || to < 0 || to >= order.length || to === from) return;
    const next = [...order];
    next.splice(to, 0, ...next.splice(from, 1));
    moved.current = { file, by };
    setOrder(next);
  };

  useEffect(() => {
    const done = moved.current;
    if (!done) return;
    moved.current = null;
    say(
      `${done.file} is now number ${order.findIndex((photo) => photo.file === done.file) + 1}: save to keep it.`,
      'photos-status',
    );
    const item = items.current.get(done.file);
    const same = item?.querySelector<HTMLButtonElement>(`[data-move="${done.by}"]:not([disabled])`);
    (same ?? item?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])'))?.focus();
  }, [order]);

  const over = (file: string) => (event: DragEvent) => {
    if (dragged.current && dragged.current !== file) event.preventDefault();
  };
  const drop = (file: string) => (event: DragEvent) => {
    const from = dragged.current;
    dragged.current = null;
    if (!from || from === file) return;
    event.preventDefault();
    move(
      from,
      order.findIndex((photo) => photo.file === file),
      0,
    );
  };

  const [busy, setBusy] = useState<string | null>(null);
  const press = (path: string, file: string) => async () => {
    setBusy(file);
    await photoChange(path, id, file);
    setBusy(null);
  };
  const last = order.length - 1;
  return (
    <ol className="my-4 grid list-none gap-3 p-0">
      {order.map((photo, index) => (
        <li
          key={photo.file}
          ref={(item) => {
            if (item) items.current.set(photo.file, item);
            else items.current.delete(photo.file);
          }}
          className="order-item grid cursor-grab grid-cols-[96px_1fr] items-center gap-3 rounded-md bg-linen p-2 sm:grid-cols-[160px_1fr_auto] [&_p]:m-0"
          draggable="true"
          onDragStart={(event) => {
            dragged.current = photo.file;
            event.dataTransfer.setData('text/plain', '');
          }}
          onDragOver={over(photo.file)}
          onDrop={drop(photo.file)}
        >
          <Thumb id={photo.thumb} className="h-16 w-24 rounded-[3px] object-cover sm:h-[107px] sm:w-40" />
          <input type="hidden" name="files" value={photo.file} />
          <p>
            <label htmlFor={`alt-${index}`}>
              {'Description of photo '}
              <span className="order-number">{index + 1}</span>
              {index === 0 ? <span className="cover-mark"> (the cover)</span> : null}{' '}
              <span className="hint order-file">{photo.file}</span>
            </label>
            <input id={`alt-${index}`} className="w-full" name="alts" autoComplete="off" defaultValue={photo.alt} />
          </p>
          <span className="col-span-full flex flex-wrap gap-1 sm:col-auto">
            <button
              type="button"
              className="btn btn-quiet"
              data-move="-1"
              disabled={index === 0}
              onClick={() => move(photo.file, index - 1, -1)}
            >
              Up<span className="visually-hidden">{` ${photo.file}`}</span>
            </button>
            <button
              type="button"
              className="btn btn-quiet"
              data-move="1"
              disabled={index === last}
              onClick={() => move(photo.file, index + 1, 1)}
            >
              Down<span className="visually-hidden">{` ${photo.file}`}</span>
            </button>
            <button
              type="button"
              className="btn btn-quiet cover-button"
              data-file={photo.file}
              hidden={index === 0}
              disabled={busy !== null}
              onClick={() => void press('api/galleries/cover', photo.file)()}
            >
              Make it the cover<span className="visually-hidden">{` (${photo.file})`}</span>
            </button>
            <button
              type="button"
              className="btn btn-quiet"
              data-file={photo.file}
              disabled={busy !== null}
              onClick={() => void press('api/galleries/remove-photo', photo.file)()}
            >
              Take it out<span className="visually-hidden">{` (${photo.file})`}</span>
            </button>
          </span>
        </li>
      ))}
    </ol>
  );
}
