import { useCallback } from 'react';
import { downloadFile, downloadRole, fileName } from '@/private-gallery/client/downloads';
import { saveBlob } from '@/private-gallery/client/save-blob';
import type { VaultImage } from '@/private-gallery/format/types';
import { fullPhoto, GoneError, type Unlocked } from '@/private-gallery/client/unlock';

/**
 * Downloads one photo (the file the gallery allows), saying how it goes through `report`; a photo
 * the gallery does not let download does nothing.
 */
export function usePhotoDownload(unlocked: Unlocked, report: (status: string) => void, onGone?: () => void) {
  const { title, downloads } = unlocked.index;
  return useCallback(
    async (image: VaultImage, number: number) => {
      const file = downloadFile(image, downloads);
      const role = downloadRole(image, downloads);
      if (!file || !role) return;
      report(`Preparing photo ${number}…`);
      try {
        saveBlob(await fullPhoto(unlocked, image, role), fileName(title, image, file));
        report(`Photo ${number} is downloading.`);
      } catch (error) {
        if (error instanceof GoneError) onGone?.();
        report(`${(error as Error).message} Use the download button to try again.`);
      }
    },
    [unlocked, title, downloads, report, onGone],
  );
}
