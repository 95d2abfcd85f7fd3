import { useId, type ReactNode } from 'react';

export interface AgeGateTexts {
  /** Small line above the heading, e.g. the studio's name. */
  eyebrow?: string;
  /** Dialog heading, e.g. "Adults Only (18+)". */
  title: string;
  /** Plain-text paragraphs under the heading. */
  body: string[];
  /** The button that confirms the visitor is 18 or older. */
  confirmLabel: string;
  /** The link that takes the visitor away instead. */
  leaveLabel: string;
  leaveHref: string;
}

interface DialogProps extends AgeGateTexts {
  /** Extra content below the buttons (e.g. a note). */
  children?: ReactNode;
  /** An id for an empty marker at the dialog's end, for a render-blocking `<link rel="expect">`. */
  endId?: string;
}

/**
 * The age gate's markup: a native <dialog>, closed as drawn. Both gated pages (the erotica page and
 * the private gallery) draw it at build through src/components/AgeGate.astro, whose few lines of
 * script (mountAgeGate, lib/browser/gates.ts) make it a blocking modal: opened with showModal() (the
 * page behind is inert, focus starts on the first button), Escape and a cancel request refused, and
 * Enter remembered. No island renders it, so it carries no handlers of its own.
 */
export function AgeGateDialog({
  eyebrow = 'Age confirmation',
  title,
  body,
  confirmLabel,
  leaveLabel,
  leaveHref,
  children,
  endId,
}: DialogProps) {
  const titleId = useId();
  const bodyId = useId();

  return (
    <dialog
      data-age-gate-dialog
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // An opaque full-screen layer: it looks the same before and after the script opens the modal,
      // and nothing of the page shows through.
      className="age-gate fixed inset-0 z-[70] m-0 h-dvh max-h-none w-full max-w-none place-items-center overflow-y-auto border-0 bg-plum-deep p-5 text-ink open:grid"
    >
      <div className="w-full max-w-lg rounded-sm bg-ivory px-7 py-10 text-center shadow-2xl sm:px-12 sm:py-14">
        <p className="eyebrow mb-4">{eyebrow}</p>
        <h2 id={titleId} className="text-4xl sm:text-5xl">
          {title}
        </h2>
        <div id={bodyId} className="mt-5 space-y-3 text-base leading-relaxed text-muted">
          {body.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
        <div className="mt-9 flex flex-col items-stretch justify-center gap-3 sm:flex-row">
          <button type="button" className="btn btn-primary" data-age-gate-enter>
            {confirmLabel}
          </button>
          <a href={leaveHref} className="btn btn-outline text-plum">
            {leaveLabel}
          </a>
        </div>
        {children}
      </div>
      {endId && <span id={endId} />}
    </dialog>
  );
}
