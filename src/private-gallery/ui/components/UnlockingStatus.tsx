/** Shown while a private link or the kept access opens the gallery. */
export function UnlockingStatus() {
  return (
    <p role="status" className="py-16 text-center text-muted">
      Unlocking your gallery…
    </p>
  );
}
