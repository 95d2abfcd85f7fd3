import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it, vi } from 'vitest';

/** The longest a function may be in src/private-gallery/: from its signature to its closing brace. */
export const MAX_FUNCTION_LINES = 60;

const ROOT = new URL('.', import.meta.url).pathname;

// Parsing the whole folder took 6.6 s on a loaded 2-core host, past Vitest's 5 s default.
vi.setConfig({ testTimeout: 120_000 });

/** The folder's code, tests left out: a test's describe() holds its cases, it is not a step. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every function of a file (declared, expression, arrow, method, accessor), with its name and length in lines. */
export function functionLengths(fileName: string, text: string) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; line: number; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const named = node.name ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined);
      found.push({ name: named ? named.getText(source) : '(anonymous)', line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('src/private-gallery/ function lengths', () => {
  it('counts a function from its signature to its closing brace', () => {
    const text = [
      'export async function f(',
      '  a: number,',
      ') {',
      '  const g = () => {',
      '    return a;',
      '  };',
      '  return g();',
      '}',
    ].join('\n');
    expect(functionLengths('f.ts', text)).toEqual([
      { name: 'f', line: 1, lines: 8 },
      { name: 'g', line: 4, lines: 3 },
    ]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    const long = sourceFiles(ROOT).flatMap((file) =>
      functionLengths(file, readFileSync(file, 'utf8'))
        .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
        .map((fn) => `${relative(ROOT, file)}:${fn.line} ${fn.name} (${fn.lines} lines)`),
    );
    expect(long).toEqual([]);
  });
});
