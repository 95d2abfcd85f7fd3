import { describe, expect, it } from 'vitest';
import {
  downloadFile,
  downloadRole,
  downloadSize,
  extension,
  fileName,
  slug,
  zipBusy,
  zipMessage,
  zipName,
  type ZipJob,
} from './downloads';
import type { VaultFile, VaultImage } from '../format/types';

const file = (name: string, bytes: number, type = 'image/webp'): VaultFile => ({
  file: name,
  width: 100,
  height: 100,
  type,
  bytes,
});
const sealed = { iv: '', data: '' };
const image = (name: string, bytes: number, original?: VaultFile): VaultImage => ({
  id: name,
  key: sealed,
  alt: `Photo ${name}`,
  name,
  thumb: file(`${name}-thumb`, 1),
  screen: file(`${name}-screen`, 2),
  full: file(`${name}-full`, bytes),
  ...(original ? { original: { ...original, key: sealed } } : {}),
});

describe('file names', () => {
  it('turn the title into lowercase words joined by dashes', () => {
    expect(slug('Jenna, October 2026')).toBe('jenna-october-2026');
    expect(slug('¡¿…?!')).toBe('gallery');
  });

  it("keep a title's accented letters as their plain letters, so a file is named after the whole name", () => {
    expect(slug('  Émilie & Rose!  ')).toBe('emilie-rose');
    expect(slug('Séance de Zoë, Côte d’Azur')).toBe('seance-de-zoe-cote-d-azur');
    expect(fileName('Léa', image('07', 5), file('x', 5, 'image/jpeg'))).toBe('lea-07.jpg');
  });

  it('end in the extension of the media type, WebP when unknown', () => {
    expect(extension('image/jpeg')).toBe('jpg');
    expect(extension('image/png')).toBe('png');
    expect(extension('image/avif')).toBe('avif');
    expect(extension('image/webp')).toBe('webp');
    expect(extension('image/heic')).toBe('webp');
  });

  it('name a photo after the gallery and the photo, and a ZIP of some photos as favorites', () => {
    expect(fileName('Jenna, October 2026', image('03', 5), file('x', 5, 'image/jpeg'))).toBe(
      'jenna-october-2026-03.jpg',
    );
    expect(zipName('Jenna, October 2026', 150, 150)).toBe('jenna-october-2026.zip');
    expect(zipName('Jenna, October 2026', 3, 150)).toBe('jenna-october-2026-favorites.zip');
  });
});

describe('downloads', () => {
  const original = file('01-original', 9_000, 'image/jpeg');
  const images = [image('01', 300, original), image('02', 200)];

  it('give the original for "full" (the large copy when there is none), the large copy for "web", nothing for "none"', () => {
    expect(downloadFile(images[0]!, 'full')).toBe(images[0]!.original);
    expect(downloadFile(images[0]!, 'full')?.file).toBe(original.file);
    expect(downloadFile(images[1]!, 'full')).toBe(images[1]!.full);
    expect(downloadFile(images[0]!, 'web')).toBe(images[0]!.full);
    expect(downloadFile(images[0]!, 'none')).toBeUndefined();
    expect([downloadRole(images[0]!, 'full'), downloadRole(images[1]!, 'full')]).toEqual(['original', 'full']);
    expect([downloadRole(images[0]!, 'web'), downloadRole(images[0]!, 'none')]).toEqual(['full', undefined]);
  });

  it('add up the sizes of the chosen photos by number, skipping numbers with no photo', () => {
    expect(downloadSize(images, [1, 2], 'full')).toBe(9_200);
    expect(downloadSize(images, [1, 2], 'web')).toBe(500);
    expect(downloadSize(images, [2, 7], 'web')).toBe(200);
    expect(downloadSize(images, [1, 2], 'none')).toBe(0);
    expect(downloadSize(images, [], 'web')).toBe(0);
  });
});

describe('ZIP progress', () => {
  const job = (done: number, error?: string): ZipJob => ({
    label: 'your favorites',
    done,
    total: 3,
    ...(error ? { error } : {}),
  });

  it('counts the photos packed, then says the file is downloading', () => {
    expect(zipMessage(job(0))).toBe('Preparing your favorites: 0 of 3 photos…');
    expect(zipMessage(job(2))).toBe('Preparing your favorites: 2 of 3 photos…');
    expect(zipMessage(job(3))).toBe('Your ZIP file of your favorites is ready and downloading.');
  });

  it('says why it stopped', () => {
    expect(zipMessage(job(1, 'A photo could not be read right now.'))).toBe(
      'The download of your favorites stopped: A photo could not be read right now.',
    );
  });

  it('keeps the buttons waiting only while packing', () => {
    expect(zipBusy(null)).toBe(false);
    expect(zipBusy(job(0))).toBe(true);
    expect(zipBusy(job(2))).toBe(true);
    expect(zipBusy(job(3))).toBe(false);
    expect(zipBusy(job(1, 'stopped'))).toBe(false);
  });
});
