import { describe, expect, it } from 'vitest';
import { rawFrontmatterValue, withRawDates } from './raw-frontmatter';
import { toCalendarDate } from '../blog/posts';

const post = (date: string) => `---\ntitle: "A post"\npublishDate: ${date}\n---\n\nBody with publishDate: 1999-01-01\n`;

describe('raw frontmatter', () => {
  it('reads the text the owner wrote, unquoted, quoted or with a comment', () => {
    expect(rawFrontmatterValue(post('2025-02-30'), 'publishDate')).toBe('2025-02-30');
    expect(rawFrontmatterValue(post("'2025-13-45'"), 'publishDate')).toBe('2025-13-45');
    expect(rawFrontmatterValue(post('"2025-10-07" # launch'), 'publishDate')).toBe('2025-10-07');
    expect(rawFrontmatterValue(post('2025-10-07'), 'updatedDate')).toBeUndefined();
    expect(rawFrontmatterValue('no frontmatter', 'publishDate')).toBeUndefined();
  });

  it('puts the written text back in place of the Date YAML rolled over, so the date check rejects it', () => {
    // What YAML makes of the unquoted text: a real Date on another day.
    for (const [written, rolled] of [
      ['2025-02-30', new Date(Date.UTC(2025, 1, 30))],
      ['2025-13-45', new Date(Date.UTC(2025, 12, 45))],
    ] as const) {
      expect(toCalendarDate(rolled), 'the rolled-over Date alone looks valid').not.toBeNull();
      const data = withRawDates({ publishDate: rolled }, post(written), ['publishDate']);
      expect(data.publishDate).toBe(written);
      expect(toCalendarDate(data.publishDate)).toBeNull();
    }
    const fine = withRawDates({ publishDate: new Date(Date.UTC(2025, 9, 7)) }, post('2025-10-07'), ['publishDate']);
    expect(toCalendarDate(fine.publishDate)?.toISOString()).toBe('2025-10-07T00:00:00.000Z');
  });
});
