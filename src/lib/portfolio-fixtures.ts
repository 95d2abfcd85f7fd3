/** The portfolio's six filters as the owner's content lists them, for unit tests of the gallery rules. */
import type { FilterOption } from './portfolio';

export const TEST_FILTERS: FilterOption[] = [
  { id: 'all', label: 'All' },
  { id: 'classic', label: 'Classic Boudoir' },
  { id: 'outdoor', label: 'Outdoor Boudoir' },
  { id: 'fine-art', label: 'Fine Art Nude' },
  { id: 'rain-room', label: 'Rain Room' },
  { id: 'erotica', label: 'Erotica Photography' },
];
