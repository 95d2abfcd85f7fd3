import { ROUTES } from './routes.ts';

/** True for an address under /blog/ (an unknown post), where the not-found page speaks of posts. */
export function isBlogPostPath(pathname: string): boolean {
  return pathname.startsWith(`${ROUTES.blog}/`) && pathname.length > ROUTES.blog.length + 1;
}
