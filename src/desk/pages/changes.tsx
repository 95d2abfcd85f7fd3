// Her changes in a page: a plain form and a confirmation, each rendered here with its fields or
// its words, and sent by its island (src/desk/islands/ChangeForm.tsx, Confirm.tsx).
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ChangeFormProps } from '../islands/ChangeForm.tsx';
import type { ConfirmProps } from '../islands/Confirm.tsx';
import { Island } from './Island.tsx';

/**
 * A plain form of hers whose change the desk makes (src/desk/islands/ChangeForm.tsx): its fields
 * and buttons (`children`) rendered here, its sending an island.
 */
export function ChangeForm({ children, ...props }: Omit<ChangeFormProps, 'html'> & { children: ReactNode }) {
  return <Island name="ChangeForm" props={{ ...props, html: renderToStaticMarkup(<>{children}</>) }} />;
}

/**
 * A change that cannot be taken back, behind a confirmation (src/desk/islands/Confirm.tsx): the
 * button `label` opens its dialog `id`, which says what it will do (`children`) and sends its change
 * for the gallery `gallery`.
 */
export function ConfirmDialog({ children, ...props }: Omit<ConfirmProps, 'html'> & { children: ReactNode }) {
  return <Island name="Confirm" props={{ ...props, html: renderToStaticMarkup(<>{children}</>) }} />;
}
