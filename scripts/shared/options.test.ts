import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { fileHeader, optionProblem } from './options.ts';

vi.setConfig({ testTimeout: 120_000 });

/** An error as parseArgs throws it for `args` against one string option --port. */
async function parseError(args: string[]) {
  const { parseArgs } = await import('node:util');
  try {
    parseArgs({ args, options: { port: { type: 'string' } }, strict: true });
  } catch (error) {
    return error as Error & { code: string };
  }
  throw new Error('parsed');
}

describe("the scripts' options", () => {
  it('names a wrong option in one line with the usage', async () => {
    const usage = 'npm run x -- [--port N]';
    expect(optionProblem('x', usage, await parseError(['--prot', '1']))).toBe(
      'x: --prot is not one of its options. Usage: npm run x -- [--port N] (--help explains each option)',
    );
    expect(optionProblem('x', usage, await parseError(['--port']))).toBe(
      'x: --port needs a value. Usage: npm run x -- [--port N] (--help explains each option)',
    );
    expect(optionProblem('x', usage, await parseError(['dist']))).toBe(
      'x: dist is more than it takes. Usage: npm run x -- [--port N] (--help explains each option)',
    );
  });

  it("takes a script's help from its opening comment", () => {
    const help = fileHeader(new URL('../audits/kdf-bench.ts', import.meta.url).href);
    expect(help.split('\n')[0]).toMatch(/^How much a password guess costs/);
    expect(help).toContain('Usage: npx node scripts/audits/kdf-bench.ts [--runs N]');
    expect(help).not.toContain('import ');
  });

  // Each of them, run with an option it does not know, stops before doing anything.
  for (const script of [
    'dist-checks/first-view.ts',
    'audits/audit-photos.ts',
    'audits/kdf-bench.ts',
    'audits/audit.ts',
    'audits/gallery-bench.ts',
    'audits/headers-audit.ts',
    'servers/cdn.ts',
    'audits/shot.ts',
    'audits/portfolio-size.ts',
    'audits/camera-photos.ts',
  ]) {
    it(`${script} stops at an unknown option with one line`, () => {
      const run = spawnSync(process.execPath, [`scripts/${script}`, '--bogus'], { encoding: 'utf8' });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^[a-z:-]+: --bogus is not one of its options\. Usage: \S.*\n$/);
    });
  }
});
