import type { picksIn } from '@/private-gallery/format/picks';

interface Props {
  picks: NonNullable<ReturnType<typeof picksIn>>;
  galleryId: string;
  count: number;
}

/** The owner's view of a selection link: which photos her client chose (marked below), or that the link is another gallery's. */
export function PicksNotice({ picks, galleryId, count }: Props) {
  const mine = galleryId.startsWith(picks.gallery);
  const numbers = picks.numbers.filter((n) => n <= count);
  return (
    <p className="mx-auto mb-8 max-w-2xl rounded-sm bg-blush p-4 text-center" role="status" data-picks-notice>
      {mine
        ? `This selection link marks the ${numbers.length} ${numbers.length === 1 ? 'photo' : 'photos'} your client chose: ${numbers.join(', ')}.`
        : 'This selection link belongs to another gallery: open it with that gallery’s password.'}
    </p>
  );
}
