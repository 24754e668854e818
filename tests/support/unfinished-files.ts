import type { Reporter, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * Names the test files a run ended without finishing. A worker process that dies in the middle of a
 * file (a crash in native code, a signal) takes the file with it: Vitest reports "Worker exited
 * unexpectedly" and counts one file fewer as passed, but does not say which. Printed after Vitest's own
 * summary, the last lines of a run's output, which are the lines a CI log keeps. A run stopped on purpose
 * (`--bail`, a keypress) leaves files unstarted for its own reason, and is not reported.
 */
export default class UnfinishedFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason: TestRunEndReason): void {
    if (reason === 'interrupted') return;
    const unfinished = testModules.filter((module) => module.state() === 'pending' || module.state() === 'queued');
    if (unfinished.length === 0) return;
    const lines = unfinished.map((module) => {
      const tests = [...module.children.allTests()];
      const done = tests.filter((test) => test.result().state !== 'pending').length;
      return `  ${module.relativeModuleId} (${module.project.name}), ${done} of its ${tests.length} tests reported`;
    });
    const count = unfinished.length === 1 ? 'One test file' : `${unfinished.length} test files`;
    process.stderr.write(`\n${count} did not finish, its worker process gone:\n${lines.join('\n')}\n`);
  }
}
