import { resolve } from 'node:path';
import { runStage, stageTable, testStages, treeChanges, treeState, type StageOutcome } from './test-stages';

/**
 * `npm test` after its pretest: runs each group of stages (`testStages`, side by side within a group), stops
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
    const outcomesOfGroup = await Promise.all(group.map((stage) => runStage(stage, projectRoot, group.length > 1)));
    outcomes.push(...outcomesOfGroup);
    failed ||= outcomesOfGroup.some((outcome) => outcome.result === 'failed');
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
