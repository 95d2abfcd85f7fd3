import type { FilterOption } from './portfolio';

/**
 * The portfolio's six filters, left to right, as the studio asked for them: the shipped content
 * (content.test.ts), the rendered filter bar (e2e/portfolio.spec.ts) and the unit tests of the
 * gallery rules are all held to this one list.
 */
export const TEST_FILTERS: FilterOption[] = [
  { id: 'all', label: 'All' },
  { id: 'classic', label: 'Classic Boudoir' },
  { id: 'outdoor', label: 'Outdoor Boudoir' },
  { id: 'fine-art', label: 'Fine Art Nude' },
  { id: 'rain-room', label: 'Rain Room' },
  { id: 'erotica', label: 'Erotica Photography' },
];
