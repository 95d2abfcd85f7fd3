// Her gallery as her client will see it, before she publishes: framed at a phone's width and at a
// computer's, each frame opening the gallery sealed for the preview with the gallery's own code.

/** The preview's page: her gallery on a phone and on a computer, side by side where they fit. */
export function PreviewPage({ page, title }: { page: string; title: string }) {
  const frame = `/preview-frame/${page}`;
  return (
    <>
      <p>
        <a href={`/gallery/${page}`}>Back to {title}</a>
      </p>
      <h1>{title}, as she will see it</h1>
      <p className="lead max-w-3xl">
        Her gallery as it opens with her password, made from the photos in its folder as they are now, before you
        publish. It is made on this computer and goes nowhere: nothing is published, and a selection sent from it is not
        kept.
      </p>
      <div className="mt-6 flex flex-wrap items-start gap-8">
        <figure className="m-0">
          <figcaption className="mb-2 font-medium">On her phone</figcaption>
          <iframe
            src={frame}
            title={`${title} on her phone`}
            width="390"
            height="844"
            className="block rounded-[1.5rem] border-8 border-plum-deep bg-ivory"
          ></iframe>
        </figure>
        <figure className="m-0">
          <figcaption className="mb-2 font-medium">On a computer (shown smaller)</figcaption>
          <div className="h-[360px] w-[576px] max-w-full overflow-hidden rounded-md border border-linen">
            <iframe
              src={frame}
              title={`${title} on a computer`}
              width="1280"
              height="800"
              className="block origin-top-left scale-45 bg-ivory"
            ></iframe>
          </div>
        </figure>
      </div>
    </>
  );
}

/**
 * One frame: a page of its own that loads the site's stylesheet and the gallery's code (served by
 * the desk, preview-assets.ts), with what opens the sealed gallery; or, when it could not be made,
 * the sentence saying why.
 */
export function PreviewFrame({
  page,
  title,
  open,
  problem,
}: {
  page: string;
  title: string;
  open: { gallery: string; password: string; zone: string } | null;
  problem: string | null;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · preview`}</title>
        <link rel="stylesheet" href="/assets/preview.css" />
        {open ? <script type="module" src="/assets/preview.js"></script> : null}
      </head>
      <body>
        <main className="mx-auto max-w-7xl px-4 py-6">
          {open ? (
            <div
              id="preview"
              data-vault={`/preview-vault/${page}`}
              data-gallery={open.gallery}
              data-password={open.password}
              data-zone={open.zone}
            >
              <p>Opening her gallery…</p>
            </div>
          ) : (
            <p role="alert">{problem}</p>
          )}
        </main>
      </body>
    </html>
  );
}
