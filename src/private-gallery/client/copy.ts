/** What a copy button says: once copied, and when the browser refuses; and what else a copy does. */
export interface CopyMessages {
  copied: string;
  failed: string;
  /** Runs once the text is on the clipboard, before the status. */
  onCopied?: () => void;
}

/**
 * The gallery's copy buttons (favorites, selection): puts `text` on the clipboard and says how it
 * went. True once copied; false where the browser has no clipboard or refuses it.
 */
export async function copyThenSay(
  text: string,
  { copied, failed, onCopied }: CopyMessages,
  onStatus: (status: string) => void,
): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    onStatus(failed);
    return false;
  }
  onCopied?.();
  onStatus(copied);
  return true;
}
