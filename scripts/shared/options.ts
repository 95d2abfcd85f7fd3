// Every script's options, read with node:util parseArgs: `--help` prints what the command does and
// its options, and an unknown or incomplete option stops it with one line naming it and the usage.
import { readFileSync } from 'node:fs';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';

/** What a command says about itself, and the options it takes (parseArgs' own option config). */
export interface CommandOptions<O extends ParseArgsOptionsConfig, P extends boolean> {
  name: string;
  usage: string;
  help: string;
  options?: O;
  allowPositionals?: P;
  /** The command line by default. */
  args?: string[];
}

/** parseArgs' own result for the command's options, `--help` among them. */
export type ReadOptions<O extends ParseArgsOptionsConfig, P extends boolean> = ReturnType<
  typeof parseArgs<{ options: O & { help: { type: 'boolean'; short: 'h' } }; allowPositionals: P; strict: true }>
>;

/** The one line a wrong option prints: what was wrong, then how the command is used. */
export function optionProblem(name: string, usage: string, error: Error & { code?: unknown }): string {
  const quoted = /'([^' ]+)/.exec(error.message)?.[1];
  const what =
    error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? `${quoted} is not one of its options`
      : error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
        ? `${quoted} needs a value`
        : error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `${quoted} is more than it takes`
          : (error.message.split('. ')[0] ?? '').replace(/\.$/, '');
  return `${name}: ${what}. Usage: ${usage} (--help explains each option)`;
}

/**
 * Parses `args` (the command line by default) with parseArgs, strict. `--help`/`-h` prints the
 * usage and `help` and exits 0; a wrong option prints optionProblem's line and exits 1.
 * Returns parseArgs' { values, positionals }.
 */
export function readOptions<
  const O extends ParseArgsOptionsConfig = Record<never, never>,
  const P extends boolean = false,
>({
  name,
  usage,
  help,
  options = {} as O,
  allowPositionals = false as P,
  args = process.argv.slice(2),
}: CommandOptions<O, P>): ReadOptions<O, P> {
  let parsed: ReadOptions<O, P>;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    }) as ReadOptions<O, P>;
  } catch (error) {
    // parseArgs' own errors carry a code ERR_PARSE_ARGS_…; anything else is not an option's fault.
    if (!(error instanceof Error) || !String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
      throw error;
    console.error(optionProblem(name, usage, error));
    process.exit(1);
  }
  // `help` is among the values (added above), which the generic type cannot follow.
  if ((parsed.values as { help?: boolean }).help) {
    console.log(`Usage: ${usage}\n\n${help.trim()}\n`);
    process.exit(0);
  }
  return parsed;
}

/** A script's opening comment (its `//` lines before the first import), as its --help text. */
export function fileHeader(moduleUrl: string): string {
  const lines = readFileSync(new URL(moduleUrl), 'utf8').split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines
    .slice(0, end)
    .map((line) => line.replace(/^\/\/ ?/, ''))
    .join('\n');
}
