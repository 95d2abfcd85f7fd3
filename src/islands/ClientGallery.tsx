import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Lightbox } from './Lightbox';
import { decryptToBlob, LARGE_FILE_TIMEOUT_MS, VAULT_BASE, type Unlocked } from '@/lib/vault-client';
import { isExpired, type VaultFile, type VaultImage } from '@/lib/vault';
import { favoritesMailto, favoritesText, loadFavorites, saveFavorites, toggleFavorite } from '@/lib/favorites';

/** How many photos are downloaded and decrypted at once. */
const PARALLEL = 4;
/** Thumbnails start loading this far before they scroll into view. */
const PRELOAD_MARGIN = '600px 0px';
/** Shown in the viewer until a photo's thumbnail is ready. */
const BLANK = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

type ThumbState = { url: string } | { error: string };

interface Props {
  unlocked: Unlocked;
  studioEmail: string;
  requestHref: string;
  onForget: () => void;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function formatDay(expires: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T12:00:00Z`) : new Date(expires);
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'gallery';

const extension = (type: string) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/avif': 'avif' })[type] ?? 'webp';

/** Hands a file to the browser's download manager. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after the click returns: release it a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Calls `onVisible` once, when the element comes near the viewport. */
function useNearViewport(ref: RefObject<HTMLElement | null>, onVisible: () => void) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === 'undefined') return onVisible();
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onVisible();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, onVisible]);
}

interface TileProps {
  image: VaultImage;
  number: number;
  state: ThumbState | undefined;
  favorite: boolean;
  onNeed: (index: number) => void;
  onRetry: (index: number) => void;
  onOpen: (index: number, opener: HTMLButtonElement) => void;
  onToggleFavorite: (number: number) => void;
}

function Tile({ image, number, state, favorite, onNeed, onRetry, onOpen, onToggleFavorite }: TileProps) {
  const ref = useRef<HTMLLIElement>(null);
  const index = number - 1;
  const need = useCallback(() => onNeed(index), [onNeed, index]);
  useNearViewport(ref, need);
  return (
    <li ref={ref} className="relative" data-photo={number}>
      {state && 'error' in state ? (
        <div
          role="alert"
          className="flex aspect-[3/2] flex-col items-center justify-center gap-3 rounded-sm bg-linen p-4 text-center text-sm text-ink"
        >
          <p>Photo {number} could not be loaded.</p>
          <button type="button" className="btn btn-outline text-plum" onClick={() => onRetry(index)}>
            Retry<span className="sr-only"> photo {number}</span>
          </button>
        </div>
      ) : (
        <button
          type="button"
          onClick={(event) => onOpen(index, event.currentTarget)}
          className="block w-full overflow-hidden rounded-sm bg-linen shadow-sm"
          aria-label={`Open photo ${number}`}
        >
          {state ? (
            <img
              src={state.url}
              alt={image.alt}
              width={image.thumb.width}
              height={image.thumb.height}
              className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-500 hover:scale-[1.02] motion-reduce:transition-none"
            />
          ) : (
            <span className="block aspect-[3/2] w-full animate-pulse bg-linen motion-reduce:animate-none" />
          )}
        </button>
      )}
      <button
        type="button"
        aria-pressed={favorite}
        onClick={() => onToggleFavorite(number)}
        className="absolute top-2 right-2 flex size-11 items-center justify-center rounded-full bg-ivory/90 text-plum shadow ring-1 ring-plum/20"
      >
        <HeartIcon filled={favorite} />
        <span className="sr-only">Favorite photo {number}</span>
      </button>
      <p className="mt-2 text-xs tracking-[0.2em] text-muted uppercase" aria-hidden="true">
        {number}
      </p>
    </li>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
    >
      <path
        d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface ZipJob {
  label: string;
  done: number;
  total: number;
  error?: string;
  retry?: () => void;
}

/** The gallery stage: thumbnails decrypted as they come into view, the viewer, favorites, downloads. */
export function ClientGallery({ unlocked, studioEmail, requestHref, onForget }: Props) {
  const { key, index } = unlocked;
  const images = index.images;
  const [thumbs, setThumbs] = useState<Record<number, ThumbState>>({});
  const [favorites, setFavorites] = useState<number[]>(() => loadFavorites(index.id, images.length));
  const [viewer, setViewer] = useState<number | null>(null);
  const [full, setFull] = useState<{ index: number; url?: string; error?: string } | null>(null);
  const [fullAttempt, setFullAttempt] = useState(0);
  const [status, setStatus] = useState('');
  const [zip, setZip] = useState<ZipJob | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const requested = useRef(new Set<number>());
  const queue = useRef<number[]>([]);
  const active = useRef(0);
  const urls = useRef(new Map<number, string>());
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    const owned = urls.current;
    return () => {
      alive.current = false;
      // Object URLs are released when the gallery closes.
      owned.forEach((url) => URL.revokeObjectURL(url));
      owned.clear();
    };
  }, []);

  const pump = useCallback(() => {
    while (active.current < PARALLEL && queue.current.length > 0) {
      const i = queue.current.shift()!;
      const image = images[i];
      if (!image) continue;
      active.current++;
      decryptToBlob(key, image.thumb)
        .then((blob) => {
          if (!alive.current) return;
          const url = URL.createObjectURL(blob);
          urls.current.set(i, url);
          setThumbs((current) => ({ ...current, [i]: { url } }));
        })
        .catch((error: unknown) => {
          if (!alive.current) return;
          requested.current.delete(i);
          setThumbs((current) => ({ ...current, [i]: { error: (error as Error).message } }));
        })
        .finally(() => {
          active.current--;
          pump();
        });
    }
  }, [images, key]);

  const need = useCallback(
    (i: number) => {
      if (requested.current.has(i)) return;
      requested.current.add(i);
      queue.current.push(i);
      pump();
    },
    [pump],
  );

  const retry = useCallback(
    (i: number) => {
      setThumbs((current) => {
        const next = { ...current };
        delete next[i];
        return next;
      });
      need(i);
    },
    [need],
  );

  // The full image is decrypted only while it is shown, and released when the viewer moves on.
  useEffect(() => {
    if (viewer === null) return;
    const image = images[viewer];
    if (!image) return;
    need(viewer);
    let cancelled = false;
    let url: string | undefined;
    setFull({ index: viewer });
    decryptToBlob(key, image.full, VAULT_BASE, LARGE_FILE_TIMEOUT_MS)
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setFull({ index: viewer, url });
      })
      .catch((error: unknown) => {
        if (!cancelled) setFull({ index: viewer, error: (error as Error).message });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [viewer, images, key, need, fullAttempt]);

  const toggle = useCallback(
    (number: number) => {
      setFavorites((current) => {
        const next = toggleFavorite(current, number);
        saveFavorites(index.id, next);
        return next;
      });
    },
    [index.id],
  );

  const openViewer = useCallback((i: number, button: HTMLButtonElement) => {
    opener.current = button;
    setViewer(i);
  }, []);

  const closeViewer = () => {
    setViewer(null);
    setFull(null);
    // Focus returns to the photo that opened the viewer.
    opener.current?.focus();
  };

  const lightboxImages = useMemo(
    () =>
      images.map((image, i) => {
        const thumb = thumbs[i];
        const src = full?.index === i && full.url ? full.url : thumb && 'url' in thumb ? thumb.url : BLANK;
        return {
          id: String(i),
          alt: image.alt,
          overlay: '',
          large: { src, width: image.full.width, height: image.full.height },
        };
      }),
    [images, thumbs, full],
  );

  const downloadFile = (image: VaultImage): VaultFile | undefined =>
    index.downloads === 'full' ? (image.original ?? image.full) : index.downloads === 'web' ? image.full : undefined;
  const fileName = (image: VaultImage, file: VaultFile) => `${slug(index.title)}-${image.name}.${extension(file.type)}`;
  const sizeOf = (numbers: number[]) =>
    numbers.reduce((sum, n) => sum + (images[n - 1] ? (downloadFile(images[n - 1]!)?.bytes ?? 0) : 0), 0);

  const downloadOne = async (image: VaultImage, number: number) => {
    const file = downloadFile(image);
    if (!file) return;
    setStatus(`Preparing photo ${number}…`);
    try {
      saveBlob(await decryptToBlob(key, file, VAULT_BASE, LARGE_FILE_TIMEOUT_MS), fileName(image, file));
      setStatus(`Photo ${number} is downloading.`);
    } catch (error) {
      setStatus(`${(error as Error).message} Use the download button to try again.`);
    }
  };

  const downloadZip = async (numbers: number[], label: string) => {
    const { downloadZip: makeZip } = await import('client-zip');
    const run = async () => {
      setZip({ label, done: 0, total: numbers.length });
      let done = 0;
      async function* files() {
        for (const n of numbers) {
          const image = images[n - 1];
          const file = image && downloadFile(image);
          if (!image || !file) continue;
          const blob = await decryptToBlob(key, file, VAULT_BASE, LARGE_FILE_TIMEOUT_MS);
          yield { name: fileName(image, file), input: blob, lastModified: new Date() };
          done++;
          if (alive.current) setZip({ label, done, total: numbers.length });
        }
      }
      try {
        const blob = await makeZip(files()).blob();
        saveBlob(blob, `${slug(index.title)}${numbers.length === images.length ? '' : '-favorites'}.zip`);
        if (alive.current) setZip({ label, done: numbers.length, total: numbers.length });
      } catch (error) {
        if (alive.current) {
          setZip({ label, done, total: numbers.length, error: (error as Error).message, retry: () => void run() });
        }
      }
    };
    await run();
  };

  const copyFavorites = async () => {
    const text = favoritesText(index.title, favorites);
    try {
      await navigator.clipboard.writeText(text);
      setStatus('Your list of favorites is copied. Paste it into a message to the studio.');
    } catch {
      setStatus(`Copying is not available here. Your list: ${text}`);
    }
  };

  const everything = images.map((_, i) => i + 1);
  const zipBusy = zip !== null && !zip.error && zip.done < zip.total;

  return (
    <div data-client-gallery>
      <header className="mb-10 text-center">
        <p className="eyebrow mb-3">Your private gallery</p>
        <h2 className="text-4xl sm:text-5xl" data-gallery-title>
          {index.title}
        </h2>
        <p className="mt-4 text-muted">
          {images.length} {images.length === 1 ? 'photograph' : 'photographs'}
          {index.expires && !isExpired(index.expires) && <> · open until {formatDay(index.expires)}</>}
        </p>
      </header>

      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 sm:gap-6" aria-label="Your private photos">
        {images.map((image, i) => (
          <Tile
            key={i}
            image={image}
            number={i + 1}
            state={thumbs[i]}
            favorite={favorites.includes(i + 1)}
            onNeed={need}
            onRetry={retry}
            onOpen={openViewer}
            onToggleFavorite={toggle}
          />
        ))}
      </ul>

      <p role="status" className="mt-6 min-h-6 text-center text-sm text-muted" data-gallery-status>
        {status}
      </p>

      <section
        aria-labelledby="favorites-heading"
        className="mx-auto mt-10 max-w-2xl rounded-sm bg-linen p-6 text-center"
      >
        <h3 id="favorites-heading" className="text-2xl">
          Your favorites
        </h3>
        {favorites.length === 0 ? (
          <p className="mt-3 text-muted">
            Tap the heart on a photo to mark it as a favorite for your prints and album.
          </p>
        ) : (
          <>
            <p className="mt-3" data-favorites-summary>
              {favoritesText(index.title, favorites)}
            </p>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
              <a className="btn btn-primary" href={favoritesMailto(studioEmail, index.title, favorites)}>
                Send my favorites
              </a>
              <button type="button" className="btn btn-outline text-plum" onClick={() => void copyFavorites()}>
                Copy the list
              </button>
            </div>
          </>
        )}
      </section>

      {index.downloads !== 'none' && (
        <section aria-labelledby="downloads-heading" className="mx-auto mt-8 max-w-2xl p-6 text-center">
          <h3 id="downloads-heading" className="text-2xl">
            Download
          </h3>
          <p className="mt-3 text-muted">
            {index.downloads === 'full' ? 'Full-size originals' : 'Large web-size copies'}, packed into one ZIP file on
            this device.
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
            {favorites.length > 0 && (
              <button
                type="button"
                className="btn btn-outline text-plum"
                disabled={zipBusy}
                onClick={() => void downloadZip(favorites, 'your favorites')}
              >
                Download my favorites ({favorites.length}, {formatBytes(sizeOf(favorites))})
              </button>
            )}
            <button
              type="button"
              className="btn btn-outline text-plum"
              disabled={zipBusy}
              onClick={() => void downloadZip(everything, 'the whole gallery')}
            >
              Download the whole gallery ({images.length}, {formatBytes(sizeOf(everything))})
            </button>
          </div>
          {zip && (
            <div className="mt-5" data-zip>
              <progress className="w-full" max={zip.total} value={zip.done} aria-label={`Preparing ${zip.label}`} />
              <p role={zip.error ? 'alert' : 'status'} className="mt-2 text-sm">
                {zip.error
                  ? `The download of ${zip.label} stopped: ${zip.error}`
                  : zip.done < zip.total
                    ? `Preparing ${zip.label}: ${zip.done} of ${zip.total} photos…`
                    : `Your ZIP file of ${zip.label} is ready and downloading.`}
              </p>
              {zip.error && zip.retry && (
                <button type="button" className="btn btn-outline mt-3 text-plum" onClick={zip.retry}>
                  Retry
                </button>
              )}
            </div>
          )}
        </section>
      )}

      <div className="mt-12 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <a href={requestHref} className="btn btn-outline text-plum">
          Request/Reset Password
        </a>
        <button type="button" className="btn btn-outline text-plum" onClick={onForget}>
          Forget this device
        </button>
      </div>
      <p className="mt-3 text-center text-sm text-muted">
        On a shared device, “Forget this device” removes your saved access and favorites from this browser.
      </p>

      <Lightbox
        images={lightboxImages}
        index={viewer}
        label="Private photo viewer"
        labelOf={() => index.title}
        onIndexChange={setViewer}
        onClose={closeViewer}
        actions={(_, i) => {
          const image = images[i];
          if (!image) return null;
          const number = i + 1;
          const file = downloadFile(image);
          const state = full?.index === i ? full : null;
          return (
            <div className="flex flex-wrap items-center justify-center gap-3 text-sm">
              {state?.error ? (
                <span role="alert" className="flex items-center gap-3">
                  The full-size photo could not be loaded.
                  <button
                    type="button"
                    className="rounded-full px-4 py-2 ring-1 ring-ivory/40"
                    onClick={() => setFullAttempt((n) => n + 1)}
                  >
                    Retry
                  </button>
                </span>
              ) : (
                <span role="status" data-full-state={state?.url ? 'ready' : 'loading'}>
                  {state?.url ? '' : 'Loading the full-size photo…'}
                </span>
              )}
              <button
                type="button"
                aria-pressed={favorites.includes(number)}
                onClick={() => toggle(number)}
                className="flex items-center gap-2 rounded-full px-4 py-2 ring-1 ring-ivory/40"
              >
                <HeartIcon filled={favorites.includes(number)} />
                Favorite
              </button>
              {file && (
                <button
                  type="button"
                  onClick={() => void downloadOne(image, number)}
                  className="rounded-full px-4 py-2 ring-1 ring-ivory/40"
                >
                  Download ({formatBytes(file.bytes)})
                </button>
              )}
            </div>
          );
        }}
      />
    </div>
  );
}
