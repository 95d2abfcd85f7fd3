// The types of options.mjs, until it becomes options.ts (its importers in scripts/owner are being edited).
import type { ParseArgsOptionsConfig, parseArgs } from 'node:util';

/** What a command says about itself, and the options it takes (parseArgs' own option config). */
export interface CommandOptions<O extends ParseArgsOptionsConfig, P extends boolean> {
  name: string;
  usage: string;
  help: string;
  options?: O;
  allowPositionals?: P;
  args?: string[];
}

/** parseArgs' own result for the command's options, `--help` among them. */
export type ReadOptions<O extends ParseArgsOptionsConfig, P extends boolean> = ReturnType<
  typeof parseArgs<{ options: O & { help: { type: 'boolean'; short: 'h' } }; allowPositionals: P; strict: true }>
>;

export function optionProblem(name: string, usage: string, error: Error & { code?: unknown }): string;

export function readOptions<
  const O extends ParseArgsOptionsConfig = Record<never, never>,
  const P extends boolean = false,
>(command: CommandOptions<O, P>): ReadOptions<O, P>;

export function fileHeader(moduleUrl: string): string;
