import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';

// Each owner command's --help, and what an unknown option does: it stops before doing anything,
// saying in one line which option and how the command is used.
vi.setConfig({ testTimeout: 120_000 });

/** `node scripts/owner/<file> <args>` as npm runs it; its exit code, and what it printed where. */
function run(file: string, args: string[]) {
  const result = spawnSync(process.execPath, [`scripts/owner/${file}`, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, PRIVATE_GALLERY_DIR: '/nonexistent/galleries' },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Each command, its usage line's start, and the options its help must explain. */
const COMMANDS = [
  {
    file: 'import-photos.ts',
    usage: 'npm run photos -- <folder',
    options: ['--to', '--replace', 'hero', 'portfolio/rain-room'],
  },
  { file: 'placeholders.ts', usage: 'npm run placeholders', options: [] },
  { file: 'brand-card.ts', usage: 'node scripts/owner/brand-card.ts', options: [] },
  {
    file: 'galleries.ts',
    usage: 'npm run galleries',
    options: [
      'publish',
      'close',
      'remove',
      'share',
      'unshare',
      '--local',
      '--persist-to',
      '--quiet',
      '--photos',
      '--expires',
      '--favorites',
    ],
  },
] as const;

describe('the owner commands', () => {
  for (const { file, usage, options } of COMMANDS) {
    it(`${file} --help says how it is used and exits 0, doing nothing else`, () => {
      const { status, stdout, stderr } = run(file, ['--help']);
      expect(stderr).toBe('');
      expect(status).toBe(0);
      expect(stdout.startsWith(`Usage: ${usage}`)).toBe(true);
      for (const option of options) expect(stdout).toContain(option);
      expect(stdout).not.toMatch(/written|wrote|Private links/);
    });

    it(`${file} stops at an unknown option with one line naming it and the usage`, () => {
      const { status, stdout, stderr } = run(file, ['--bogus']);
      expect(status).toBe(1);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines[0]).toMatch(/--bogus is not one of its options\. Usage: /);
      expect(lines[0]).toContain(usage);
      expect(lines).toHaveLength(1);
    });
  }

  it('galleries <command> --help says how that command is used', () => {
    const share = run('galleries.ts', ['share', '--help']);
    expect(share.status).toBe(0);
    expect(share.stdout).toMatch(/^Usage: npm run galleries -- share <id> --photos/);
    expect(share.stdout).toContain('--expires');
    expect(share.stdout).not.toContain('-- close');
    const close = run('galleries.ts', ['close', '--help']);
    expect(close.status).toBe(0);
    expect(close.stdout).toMatch(/^Usage: npm run galleries -- close <id>/);
  });
});

describe('npm run photos', () => {
  it("takes its places from the content lists' photo folders, each entry with the texts she writes", async () => {
    const { PLACES } = await import('./import-photos.ts');
    const entries = Object.fromEntries(
      Object.entries(PLACES).map(([place, { yaml, entry }]) => [place, [yaml, entry('x', 'x.jpg')]]),
    );
    expect(entries).toEqual({
      hero: ['content/hero.yaml', { id: 'x', image: 'x.jpg', alt: '' }],
      'before-after': ['content/before-after.yaml', { id: 'x', image: 'x.jpg', alt: '' }],
      erotica: ['content/erotica-samples.yaml', { id: 'x', image: 'x.jpg', alt: '' }],
      ...Object.fromEntries(
        ['classic', 'outdoor', 'fine-art', 'rain-room'].map((category) => [
          `portfolio/${category}`,
          ['content/portfolio.yaml', { id: 'x', image: 'x.jpg', category, alt: '', overlay: '' }],
        ]),
      ),
    });
  });
});
