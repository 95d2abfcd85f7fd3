// The project writes TypeScript only (CONTRIBUTING.md, "One language"); `npm run check` runs this
// first. Every JavaScript file in the tree (.js, .mjs, .cjs; tracked, or new and not ignored) must
// be one that section keeps, with why, or one of the files below not yet converted: any other is
// printed and the check exits 1.
// Usage: npx node scripts/test-run/one-language.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/**
 * Not yet converted: none, now that the owner's desk is in TypeScript too. A file written in
 * JavaScript for a while would be named here until its conversion; a line whose file is gone is
 * named when the check runs, to be deleted.
 */
export const NOT_YET_CONVERTED: readonly string[] = [];

const JAVASCRIPT = /\.(?:js|mjs|cjs)$/;

/** The JavaScript files CONTRIBUTING.md keeps: the `path`s its "One language" section lists. */
export function keptJavaScript(contributing: string): string[] {
  const section = contributing.match(/^## One language\n([\s\S]*?)(?=^## |(?![\s\S]))/m)?.[1];
  if (section === undefined) throw new Error('CONTRIBUTING.md has no "## One language" section');
  return [...section.matchAll(/^- `([^`]+)`/gm)]
    .flatMap((match) => match[1] ?? [])
    .filter((file) => JAVASCRIPT.test(file));
}

/** The JavaScript files of `files` that are neither kept nor waiting for their conversion. */
export function strayJavaScript(files: readonly string[], kept: readonly string[]): string[] {
  return files.filter((file) => JAVASCRIPT.test(file) && !kept.includes(file) && !NOT_YET_CONVERTED.includes(file));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
    .split('\n')
    .filter((file) => file && existsSync(file));
  const kept = keptJavaScript(readFileSync('CONTRIBUTING.md', 'utf8'));
  const stray = strayJavaScript(files, kept);
  const converted = NOT_YET_CONVERTED.filter((file) => !files.includes(file));
  if (converted.length) {
    console.log(`one-language: converted, so to delete from NOT_YET_CONVERTED: ${converted.join(', ')}`);
  }
  if (stray.length) {
    console.error(
      `one-language: ${stray.length} JavaScript file(s) the project does not keep (write it in TypeScript, or name it ` +
        `with why in CONTRIBUTING.md, "One language"):\n  ${stray.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(
    `one-language: ${files.filter((file) => JAVASCRIPT.test(file)).length} JavaScript file(s), each kept or not yet converted`,
  );
}
