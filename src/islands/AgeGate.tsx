import { useEffect, useState } from 'react';
import { withErrorBoundary } from '@/ui/ErrorBoundary';
import { AgeGateDialog, type AgeGateTexts } from '@/ui/AgeGateDialog';
import { isAgeVerified, rememberAge, setAgeGateState } from '@/lib/browser/gates';

/**
 * The erotica page's gate. The head script has already marked <html> (so CSS shows the gate or
 * the page from the first paint); this opens the real modal and lets the visitor in.
 */
function AgeGate(texts: AgeGateTexts) {
  // The server renders the dialog closed; the browser decides once it hydrates.
  const [locked, setLocked] = useState(false);

  useEffect(() => {
    const verified = isAgeVerified();
    setAgeGateState(document.documentElement, verified ? 'passed' : 'locked');
    setLocked(!verified);
  }, []);

  const enter = () => {
    rememberAge();
    setAgeGateState(document.documentElement, 'passed');
    setLocked(false);
    // Keyboard and screen-reader users continue from the top of the page they asked for.
    document.getElementById('main')?.focus({ preventScroll: true });
  };

  return <AgeGateDialog {...texts} open={locked} onConfirm={enter} />;
}

export default withErrorBoundary(AgeGate);
