import type { BlogCard } from '@/lib/blog/blog-list';

const FEATURE_SIZES = '(min-width: 1024px) 680px, (min-width: 768px) 672px, calc(100vw - 48px)';
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 768px) 672px, calc(100vw - 48px)';

interface Props {
  post: BlogCard;
  /** The first card of a page: wide, photo beside the text on large screens. */
  feature: boolean;
  /** Its photo is above the fold (the first card of page 1). */
  eager: boolean;
}

/** A post's card in the list: photo, date and category, title, excerpt and Read More. */
export function PostCard({ post, feature, eager }: Props) {
  const { image } = post;
  return (
    <li className={feature ? 'lg:col-span-3' : ''}>
      <article
        className={
          feature
            ? 'group grid items-center gap-8 md:gap-12 lg:grid-cols-12'
            : 'group flex h-full flex-col border-t border-plum/15 pt-8'
        }
      >
        {/* The title link below is the one keyboard and screen-reader users meet; the photo repeats it for pointers. */}
        <a
          href={post.href}
          tabIndex={-1}
          aria-hidden="true"
          className={`block overflow-hidden bg-linen ${feature ? 'lg:col-span-7' : 'mb-7'}`}
        >
          <img
            src={image.src}
            srcSet={image.srcset}
            sizes={feature ? FEATURE_SIZES : CARD_SIZES}
            width={image.width}
            height={image.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="aspect-[3/2] h-auto w-full object-cover transition-transform duration-700 ease-out motion-safe:group-hover:scale-[1.03]"
          />
        </a>
        <div className={feature ? 'lg:col-span-5' : 'flex flex-1 flex-col'}>
          <p className="eyebrow">
            <time dateTime={post.dateIso}>{post.dateText}</time>
            <span aria-hidden="true" className="mx-2">
              ·
            </span>
            <span>{post.categories[0]}</span>
          </p>
          <h2 className={`mt-4 ${feature ? 'text-4xl md:text-5xl' : 'text-3xl'}`}>
            <a href={post.href} className="hover:text-plum focus-visible:underline">
              {post.title}
            </a>
          </h2>
          <p className={`mt-4 leading-relaxed text-muted ${feature ? 'text-lg' : 'flex-1'}`}>{post.excerpt}</p>
          <a
            href={post.href}
            className="mt-6 inline-flex items-center gap-2 self-start border-b border-champagne pb-1 text-sm font-medium tracking-[0.18em] text-plum uppercase hover:border-plum"
          >
            Read More<span className="sr-only">: {post.title}</span>
            <span aria-hidden="true">→</span>
          </a>
        </div>
      </article>
    </li>
  );
}
