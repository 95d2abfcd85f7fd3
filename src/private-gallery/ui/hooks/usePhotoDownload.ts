import { useCallback } from 'react';
import { downloadFile, fileName } from '@/private-gallery/client/downloads';
import { saveBlob } from '@/private-gallery/client/save-blob';
import type { VaultImage, VaultIndex } from '@/private-gallery/format/crypto';
import { decryptToBlob, LARGE_FILE_TIMEOUT_MS, VAULT_BASE } from '@/private-gallery/client/unlock';

/**
 * Downloads one photo (the file the gallery allows), saying how it goes through `report`; a photo
 * the gallery does not let download does nothing.
 */
export function usePhotoDownload(key: CryptoKey, index: VaultIndex, report: (status: string) => void) {
  const { title, downloads } = index;
  return useCallback(
    async (image: VaultImage, number: number) => {
      const file = downloadFile(image, downloads);
      if (!file) return;
      report(`Preparing photo ${number}…`);
      try {
        saveBlob(await decryptToBlob(key, file, VAULT_BASE, LARGE_FILE_TIMEOUT_MS), fileName(title, image, file));
        report(`Photo ${number} is downloading.`);
      } catch (error) {
        report(`${(error as Error).message} Use the download button to try again.`);
      }
    },
    [key, title, downloads, report],
  );
}
