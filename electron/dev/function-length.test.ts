import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every function of the issuing code reads as one idea, small enough to hold in one's head: none
 * is longer than 80 lines, counted from its signature to its closing brace (a closure counts in
 * the function that holds it, and is measured on its own as well). A longer one is split by the
 * steps it goes through, not by an arbitrary cut.
 */

const projectRoot = resolve(import.meta.dirname, '../..');
/** The folders whose production files are held to the limit. */
const guardedFolders = ['electron/issuing'];
const maxLines = 80;

/** A function-like node with a body, as measured. */
interface MeasuredFunction {
  name: string;
  line: number;
  lines: number;
}

/** The production TypeScript files of a folder (not tests, not test kits in testing/). */
function productionFiles(folder: string): string[] {
  return readdirSync(join(projectRoot, folder), { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name))
    .map((entry) => `${folder}/${entry.name}`);
}

/** What a function is called where it stands: its own name, the variable or property it is given to, or `(anonymous)`. */
function nameOf(node: ts.FunctionLikeDeclaration): string {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const { parent } = node;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return '(anonymous)';
}

/** Every function with a body in the source text, with its length in lines (leading comments not counted). */
export function measureFunctions(fileName: string, text: string): MeasuredFunction[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const measured: MeasuredFunction[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      measured.push({ name: nameOf(node as ts.FunctionLikeDeclaration), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return measured;
}

describe('function length', () => {
  it('measures functions of every kind, a closure inside the function that holds it', () => {
    const body = (count: number) => Array.from({ length: count }, (_, index) => `  const v${index} = ${index};`).join('\n');
    const text = [
      '/** A doc comment is not counted. */',
      `export function long(): void {\n${body(79)}\n}`,
      `const arrow = () => {\n${body(2)}\n};`,
      `class A {\n  method(): void {\n${body(1)}\n  }\n}`,
      `export function outer(): () => void {\n  return function inner() {\n${body(3)}\n  };\n}`,
    ].join('\n');
    const byName = new Map(measureFunctions('example.ts', text).map((fn) => [fn.name, fn.lines]));
    expect(byName).toEqual(new Map([['long', 81], ['arrow', 4], ['method', 3], ['outer', 7], ['inner', 5]]));
  });

  it(`keeps every function of the issuing code within ${maxLines} lines`, () => {
    const files = guardedFolders.flatMap(productionFiles);
    expect(files).toContain('electron/issuing/issuing-engine.ts');
    const tooLong = files.flatMap((file) =>
      measureFunctions(file, readFileSync(join(projectRoot, file), 'utf8'))
        .filter((fn) => fn.lines > maxLines)
        .map((fn) => `${file}:${fn.line} ${fn.name} is ${fn.lines} lines`),
    );
    expect(tooLong).toEqual([]);
  });
});
