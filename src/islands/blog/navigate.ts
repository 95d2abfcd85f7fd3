import type { MouseEvent } from 'react';

/** Follows a link inside the list without reloading the page (a modified click is left to the browser). */
export type NavigateHandler = (event: MouseEvent<HTMLAnchorElement>, href: string) => void;
