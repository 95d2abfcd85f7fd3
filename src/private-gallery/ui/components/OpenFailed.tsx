import { useEffect, useRef } from 'react';

interface Props {
  /** What went wrong, in the visitor's words. */
  problem: string;
  /** Where "Request/Reset Password" leads. */
  requestHref: string;
  onRetry: () => void;
}

/** The gallery could not be opened (a download failed): says why and offers Retry. */
export function OpenFailed({ problem, requestHref, onRetry }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on the news, not on the page's top.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div role="alert" className="mx-auto max-w-xl py-12 text-center" data-gallery-failed>
      <h2 ref={heading} tabIndex={-1} className="text-3xl">
        Your gallery could not be opened
      </h2>
      <p className="mt-4 text-muted">{problem}</p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Retry
        </button>
        <a href={requestHref} className="btn btn-outline text-plum">
          Request/Reset Password
        </a>
      </div>
    </div>
  );
}
