/** Shown instead of photos for the erotica filter: those sessions live on their own adults-only page. */
export function EroticaNote({ label, href }: { label: string; href: string }) {
  return (
    <div className="mx-auto max-w-2xl rounded-sm bg-linen px-6 py-14 text-center md:px-16 md:py-20">
      <p className="eyebrow">Adults only · 18+</p>
      <h2 className="mt-4 text-3xl md:text-4xl">{label}</h2>
      <p className="mt-6 text-lg leading-relaxed text-ink">
        Erotica sessions are created privately and stay that way, so you won't find them in this public portfolio. If
        you're 18 or older and curious what an erotica session involves, everything is on its own discreet page.
      </p>
      <a href={href} className="btn btn-primary mt-8">
        Visit the Erotica page (18+) <span aria-hidden="true">→</span>
      </a>
    </div>
  );
}
