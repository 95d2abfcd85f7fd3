// Draws the typographic brand card used as the link preview of discreet pages (erotica, private
// gallery): the studio's name on the brand colours, no photo. Run `node scripts/owner/brand-card.ts`
// after changing the brand name; the owner may also drop any 1200×630 image in content/images/share
// and name it in content/settings.yaml (discreetShareImage).
import sharp from 'sharp';
// The validated settings: a wrong value stops here, naming the field, as it stops the build.
import { settings } from '../../src/lib/content/settings.ts';
import { readOptions } from '../shared/options.ts';

readOptions({
  name: 'brand-card',
  usage: 'node scripts/owner/brand-card.ts',
  help: `Draws content/images/share/brand-card.png again, the link preview of the erotica page and the
private gallery: the studio's name (brand.name in content/settings.yaml) and its city on the brand
colours, no photo. Run it from the project's folder after changing the name.`,
});

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const [first = '', ...rest] = settings.brand.name.split(' ');
const place = `${settings.business.city}, ${settings.business.region}`;

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <rect width="1200" height="630" fill="#2d1a27"/>
  <rect x="40" y="40" width="1120" height="550" fill="none" stroke="#d9bf94" stroke-opacity="0.45" stroke-width="2"/>
  <text x="600" y="300" text-anchor="middle" font-family="P052, C059, Georgia, serif" font-style="italic" font-size="132" fill="#f8f1e8">${escape(first)}</text>
  <text x="600" y="385" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="34" letter-spacing="16" fill="#d9bf94">${escape(rest.join(' ').toUpperCase())}</text>
  <line x1="540" y1="440" x2="660" y2="440" stroke="#d9bf94" stroke-width="2"/>
  <text x="600" y="500" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="26" letter-spacing="6" fill="#f8f1e8" fill-opacity="0.85">${escape(place.toUpperCase())}</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile('content/images/share/brand-card.png');
console.log('content/images/share/brand-card.png written');
