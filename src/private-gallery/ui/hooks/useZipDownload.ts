import { useState } from 'react';
import { downloadFile, downloadRole, fileName, zipName, type ZipJob } from '@/private-gallery/client/downloads';
import { saveBlob } from '@/private-gallery/client/save-blob';
import { fullPhoto, GoneError, type Unlocked } from '@/private-gallery/client/unlock';
import { useMountedRef } from '@/private-gallery/ui/hooks/useMountedRef';

/**
 * Packs photos into one ZIP on this device and downloads it, with progress (`zip`); one that stops
 * says why and offers to start again.
 */
export function useZipDownload(unlocked: Unlocked, onGone?: () => void) {
  const { index } = unlocked;
  const [zip, setZip] = useState<ZipJob | null>(null);
  const alive = useMountedRef();

  /** Downloads the photos with these numbers (1-based); `label` says what they are. */
  const downloadZip = async (numbers: number[], label: string) => {
    // Loaded only when a client asks for a ZIP.
    const { downloadZip: makeZip } = await import('client-zip');
    const run = async () => {
      setZip({ label, done: 0, total: numbers.length });
      let done = 0;
      async function* files() {
        for (const n of numbers) {
          const image = index.images[n - 1];
          const file = image && downloadFile(image, index.downloads);
          const role = image && downloadRole(image, index.downloads);
          if (!image || !file || !role) continue;
          const blob = await fullPhoto(unlocked, image, role);
          yield { name: fileName(index.title, image, file), input: blob, lastModified: new Date() };
          done++;
          if (alive.current) setZip({ label, done, total: numbers.length });
        }
      }
      try {
        const blob = await makeZip(files()).blob();
        saveBlob(blob, zipName(index.title, numbers.length, index.images.length));
        if (alive.current) setZip({ label, done: numbers.length, total: numbers.length });
      } catch (error) {
        if (error instanceof GoneError) onGone?.();
        if (alive.current) {
          setZip({ label, done, total: numbers.length, error: (error as Error).message, retry: () => void run() });
        }
      }
    };
    await run();
  };

  return { zip, downloadZip };
}
