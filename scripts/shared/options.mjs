// Every script's options, read with node:util parseArgs: `--help` prints what the command does and
// its options, and an unknown or incomplete option stops it with one line naming it and the usage.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

/** The one line a wrong option prints: what was wrong, then how the command is used. */
export function optionProblem(name, usage, error) {
  const quoted = /'([^' ]+)/.exec(error.message)?.[1];
  const what =
    error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION'
      ? `${quoted} is not one of its options`
      : error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE'
        ? `${quoted} needs a value`
        : error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL'
          ? `${quoted} is more than it takes`
          : error.message.split('. ')[0].replace(/\.$/, '');
  return `${name}: ${what}. Usage: ${usage} (--help explains each option)`;
}

/**
 * Parses `args` (the command line by default) with parseArgs, strict. `--help`/`-h` prints the
 * usage and `help` and exits 0; a wrong option prints optionProblem's line and exits 1.
 * Returns parseArgs' { values, positionals }.
 */
export function readOptions({
  name,
  usage,
  help,
  options = {},
  allowPositionals = false,
  args = process.argv.slice(2),
}) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    if (!String(error.code).startsWith('ERR_PARSE_ARGS')) throw error;
    console.error(optionProblem(name, usage, error));
    process.exit(1);
  }
  if (parsed.values.help) {
    console.log(`Usage: ${usage}\n\n${help.trim()}\n`);
    process.exit(0);
  }
  return parsed;
}

/** A script's opening comment (its `//` lines before the first import), as its --help text. */
export function fileHeader(moduleUrl) {
  const lines = readFileSync(new URL(moduleUrl), 'utf8').split('\n');
  const end = lines.findIndex((line) => !line.startsWith('//'));
  return lines
    .slice(0, end)
    .map((line) => line.replace(/^\/\/ ?/, ''))
    .join('\n');
}
