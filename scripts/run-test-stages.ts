import { resolve } from 'node:path';
import { runStage, stageTable, testStages, treeChanges, treeState, type StageOutcome } from './test-stages';

/**
 * `npm test` after its pretest: runs each stage (typecheck, lint and build side by side), stops
 * at the first that fails as `a && b` would, and ends with a table of each stage's time. Then it
 * compares `git status` with what it was before: a run that leaves a file changed or added (a
 * screenshot, a report written into the tree) fails, naming the files.
 */

const projectRoot = resolve(import.meta.dirname, '..');

async function main(): Promise<number> {
  const before = treeState(projectRoot);
  const started = performance.now();
  const outcomes: StageOutcome[] = [];
  let failed = false;
  for (const group of testStages) {
    if (failed) {
      outcomes.push(...group.map((stage) => ({ name: stage.name, result: 'not run' as const, ms: 0 })));
      continue;
    }
    const quiet = group.length > 1;
    const results = await Promise.all(group.map((stage) => runStage(stage, projectRoot, quiet)));
    for (const { outcome, output } of results) {
      // Side-by-side stages print their output whole once done, one after the other.
      if (quiet && output.trim() !== '') process.stdout.write(`\n> ${outcome.name}\n${output}`);
      outcomes.push(outcome);
      failed ||= outcome.result === 'failed';
    }
  }
  console.log(`\n${stageTable(outcomes, performance.now() - started)}`);

  const after = treeState(projectRoot);
  if (before === null || after === null) {
    console.log('\nnot a git work tree: the tree was not compared before and after the run');
    return failed ? 1 : 0;
  }
  const changed = treeChanges(before, after);
  if (changed.length > 0) {
    console.error(`\nnpm test changed the tree (git status); tests write under test-results/ or reports/ only:\n${changed.map((path) => `  ${path}`).join('\n')}`);
    return 1;
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
