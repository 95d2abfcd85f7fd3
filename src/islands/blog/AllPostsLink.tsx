import { ROUTES } from '@/lib/site/routes';
import type { NavigateHandler } from './navigate';

/** "Show all posts": back to the list's first page, without a search. */
export function AllPostsLink({ className, onNavigate }: { className: string; onNavigate: NavigateHandler }) {
  return (
    <a href={ROUTES.blog} onClick={(event) => onNavigate(event, ROUTES.blog)} className={className}>
      Show all posts
    </a>
  );
}
