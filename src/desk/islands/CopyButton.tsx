// Copy, an island: the text of the element `target` (her invitation, her password, a reminder, a
// link, the Lightroom line) onto her clipboard, said in the page's status line without moving it.
import type { ReactNode } from 'react';
import { say } from './desk-client.ts';

export function CopyButton({
  target,
  label,
  hidden,
  quiet = true,
}: {
  target: string;
  label: string;
  /** Words for a screen reader after the label (which invitation, which link). */
  hidden?: string;
  quiet?: boolean;
}) {
  const copy = async () => {
    const text = document.getElementById(target)?.textContent;
    if (text === undefined || text === null) return;
    try {
      await navigator.clipboard.writeText(text);
      say('Copied.');
    } catch {
      say('The browser did not let the desk copy: select the text and copy it.');
    }
  };
  const words: ReactNode = hidden ? <span className="visually-hidden">{hidden}</span> : null;
  return (
    <button type="button" className={quiet ? 'btn btn-quiet' : 'btn'} data-copy={target} onClick={() => void copy()}>
      {label}
      {words}
    </button>
  );
}
