// The preview's page: her gallery opened with the gallery's own code (OpenGallery), from the files
// the desk sealed in memory for it (src/desk/server/preview.ts), as her client's password opens it.
import { createRoot } from 'react-dom/client';
import { fetchManifest, unlockWithPassword } from '@/private-gallery/client/unlock';
import { OpenGallery } from '@/private-gallery/ui/OpenGallery';

const root = document.getElementById('preview')!;
const say = (text: string) => {
  root.textContent = text;
};
const { gallery = '', password = '', vault = '', zone = 'America/New_York' } = root.dataset;
try {
  const unlocked = await unlockWithPassword(await fetchManifest(vault), { gallery, password }, vault);
  if (!unlocked) say('This preview could not open the gallery: make the preview again.');
  else
    createRoot(root).render(
      <OpenGallery unlocked={unlocked} studioEmail="" requestHref="#" onForget={() => {}} timeZone={zone} />,
    );
} catch (error) {
  say(`This preview could not open the gallery: ${error instanceof Error ? error.message : String(error)}`);
}
