interface Props {
  /** What went wrong, in the visitor's words. */
  problem: string;
  onRetry: () => void;
}

/** The rest of a category did not arrive: says so where the photos would be, and offers to try again. */
export function LoadProblem({ problem, onRetry }: Props) {
  return (
    <div role="alert" className="mt-10 rounded-sm bg-linen px-6 py-8 text-center" data-portfolio-problem>
      <p className="text-ink">{problem}</p>
      <button type="button" className="btn btn-primary mt-5" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
