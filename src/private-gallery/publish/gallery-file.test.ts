import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseGalleryFile, parseSiteSalt, selectionRules } from './gallery-file';

const FILE = 'content/private/jenna/gallery.yaml';
const parse = (yaml: string) => parseGalleryFile(yaml, FILE);
const error = (yaml: string) => {
  try {
    parse(yaml);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the gallery file was accepted');
};

describe('a private gallery file (gallery.yaml)', () => {
  it('accepts the committed preview gallery', () => {
    const file = 'content/private/preview/gallery.yaml';
    const gallery = parseGalleryFile(readFileSync(file, 'utf8'), file);
    expect(gallery.title).toBe('Preview gallery');
    expect(gallery.downloads).toBe('web');
    expect(gallery.expires).toBeNull();
    expect(gallery.photos[0]).toEqual({
      file: 'private-01.jpg',
      alt: 'Abstract dusky placeholder for the first private gallery photograph',
    });
  });

  it('fills the defaults: web downloads, no expiry, no listed photos', () => {
    expect(parse('title: "  Jenna, October 2026 "\n')).toEqual({
      title: 'Jenna, October 2026',
      expires: null,
      downloads: 'web',
      photos: [],
    });
    expect(parse('title: Maria\nexpires: 2099-01-31\ndownloads: none\nphotos:\n').expires).toBe('2099-01-31');
  });

  it('names the file and the field of a missing title, also in an empty file', () => {
    expect(error('downloads: web\n')).toContain(`${FILE}: title: needs a title, e.g. title: Jenna, October 2026`);
    expect(error('')).toContain(`${FILE}: title: needs a title`);
    expect(error('title: "   "\n')).toContain(`${FILE}: title: needs a title`);
  });

  it('rejects a wrong download rule or expiry date', () => {
    expect(error('title: A\ndownloads: everything\n')).toContain(`${FILE}: downloads: must be one of none, web, full`);
    expect(error('title: A\nexpires: someday\n')).toContain(
      `${FILE}: expires: must be a date, e.g. expires: 2026-12-31`,
    );
  });

  it('refuses a last day that does not exist on the calendar, naming the file and the field', () => {
    // Issue 50: 2027-02-30 was read as March 2 and her invitation said "open until the end of 2027-02-30".
    for (const day of ['2027-02-30', '2026-04-31', '2026-13-01', '2026-00-10', '2027-02-29', '2026-12-1']) {
      expect(error(`title: A\nexpires: ${day}\n`)).toContain(
        `${FILE}: expires: ${day} is not a day on the calendar: write it as YYYY-MM-DD, e.g. expires: 2026-12-31`,
      );
    }
    expect(parse('title: A\nexpires: 2028-02-29\n').expires).toBe('2028-02-29');
    expect(parse('title: A\nexpires: "2026-12-31"\n').expires).toBe('2026-12-31');
  });

  it('names the photo entry and its field', () => {
    const yaml = 'title: A\nphotos:\n  - file: a.jpg\n    alt: A window portrait\n  - alt: No file name\n';
    expect(error(yaml)).toContain(`${FILE}: photos[2].file: needs the file name of a photo in this folder`);
    expect(error('title: A\nphotos:\n  - file: a.jpg\n    alt: ""\n')).toContain(`${FILE}: photos[1].alt: is empty`);
    expect(error('title: A\nphotos: a.jpg\n')).toContain(
      `${FILE}: photos: must be a list of "- file: name.jpg" entries`,
    );
  });

  it('names a misspelt field instead of ignoring it (a gallery must not stay open by mistake)', () => {
    expect(error('title: A\nexpire: 2020-01-31\n')).toContain(`${FILE}: expire: not a field of gallery.yaml`);
    expect(error('title: A\nphotos:\n  - file: a.jpg\n    alts: x\n')).toContain(
      `${FILE}: photos[1]: alts: not a field of a photo`,
    );
  });
});

describe('the site salt file', () => {
  const SALT = 'content/private-gallery-salt.txt';

  it('accepts the committed salt, without its line break', () => {
    expect(parseSiteSalt(readFileSync(SALT, 'utf8'), SALT)).toBe(readFileSync(SALT, 'utf8').trim());
  });

  it('rejects an edited salt, naming the file', () => {
    for (const text of ['', 'not base64 at all!', 'AAAA\n', `${readFileSync(SALT, 'utf8').trim()}AAAA`]) {
      expect(() => parseSiteSalt(text, SALT), JSON.stringify(text)).toThrow(
        `${SALT}: must be the code the build wrote there`,
      );
    }
  });
});

describe('proofing: included, extraPhotoPrice and limit', () => {
  it('reads the number her package includes, the price of an extra photo and a strict limit', () => {
    const gallery = parse('title: Jenna\nincluded: 25\nextraPhotoPrice: 35\nlimit: strict\n');
    expect(selectionRules(gallery)).toEqual({ included: 25, extraPhotoPrice: '$35', strict: true });
    expect(selectionRules(parse('title: Jenna\nincluded: 25\nextraPhotoPrice: "€40 each"\n'))).toEqual({
      included: 25,
      extraPhotoPrice: '€40 each',
      strict: false,
    });
    expect(selectionRules(parse('title: Jenna\n'))).toBeUndefined();
  });

  it('names the file and the field of a wrong value', () => {
    expect(error('title: Jenna\nincluded: 0\n')).toContain(`${FILE}: included: must be at least 1, e.g. included: 25`);
    expect(error('title: Jenna\nincluded: 2.5\n')).toContain('included: must be a whole number of photos');
    expect(error('title: Jenna\nincluded: 25\nlimit: hard\n')).toContain('limit: must be strict or soft');
    expect(error('title: Jenna\nlimit: strict\n')).toContain(
      'limit: needs included: the number of photos her package includes',
    );
  });
});
