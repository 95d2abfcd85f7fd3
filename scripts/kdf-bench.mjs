// Measures the private gallery's key derivation (PBKDF2-SHA-256, as built) in headless Chromium:
// median of 5. Usage: node scripts/kdf-bench.mjs [base URL of a running preview]
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const base = process.argv[2] ?? 'http://127.0.0.1:4321';
const browser = await chromium.launch({ executablePath: await findChromium(), args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.goto(`${base}/privacy-policy`);
const result = await page.evaluate(async () => {
  const manifest = await (await fetch('/vault/manifest.json')).json();
  const salt = Uint8Array.from(atob(manifest.kdf.salt), (c) => c.charCodeAt(0));
  const times = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    const material = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode('benchmark password'),
      'PBKDF2',
      false,
      ['deriveKey'],
    );
    await crypto.subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: manifest.kdf.iterations },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['decrypt'],
    );
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { iterations: manifest.kdf.iterations, medianMs: Math.round(times[2]), allMs: times.map(Math.round) };
});
console.log(`PBKDF2-SHA-256 x ${result.iterations}: median ${result.medianMs} ms of 5 (${result.allMs.join(', ')} ms)`);
await browser.close();
