import { copyThenSay } from '@/private-gallery/client/copy';
import { favoritesMailto, favoritesText } from '@/private-gallery/client/favorites';

interface Props {
  title: string;
  /** Favorite photo numbers (1-based). */
  favorites: number[];
  studioEmail: string;
  /** Says how copying the list went. */
  onStatus: (status: string) => void;
}

/** The client's favorites: how to mark them, then the list, to email the studio or copy. */
export function FavoritesPanel({ title, favorites, studioEmail, onStatus }: Props) {
  const copyFavorites = async () => {
    const text = favoritesText(title, favorites);
    const copied = 'Your list of favorites is copied. Paste it into a message to the studio.';
    await copyThenSay(text, { copied, failed: `Copying is not available here. Your list: ${text}` }, onStatus);
  };

  return (
    <section
      aria-labelledby="favorites-heading"
      className="mx-auto mt-10 max-w-2xl rounded-sm bg-linen p-6 text-center"
    >
      <h3 id="favorites-heading" className="text-2xl">
        Your favorites
      </h3>
      {favorites.length === 0 ? (
        <p className="mt-3 text-muted">Tap the heart on a photo to mark it as a favorite for your prints and album.</p>
      ) : (
        <>
          <p className="mt-3" data-favorites-summary>
            {favoritesText(title, favorites)}
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <a className="btn btn-primary" href={favoritesMailto(studioEmail, title, favorites)}>
              Send my favorites
            </a>
            <button type="button" className="btn btn-outline text-plum" onClick={() => void copyFavorites()}>
              Copy the list
            </button>
          </div>
        </>
      )}
    </section>
  );
}
