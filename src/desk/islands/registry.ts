// The desk's islands by name: the parts of its pages she interacts with, rendered on her computer
// inside the page (src/desk/pages/Island.tsx) and hydrated in her browser (hydrate.tsx).
import { AddPhotos } from './AddPhotos.tsx';
import { ChangeForm } from './ChangeForm.tsx';
import { Confirm } from './Confirm.tsx';
import { CopyButton } from './CopyButton.tsx';
import { NewGalleryForm } from './NewGalleryForm.tsx';
import { PhotoOrder } from './PhotoOrder.tsx';
import { PublishPanel } from './PublishPanel.tsx';
import { SelectionsBadge } from './SelectionsBadge.tsx';

export const ISLANDS = {
  AddPhotos,
  ChangeForm,
  Confirm,
  CopyButton,
  NewGalleryForm,
  PhotoOrder,
  PublishPanel,
  SelectionsBadge,
} as const;
export type Islands = typeof ISLANDS;
