import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest test files a run names at its end. */
const SHOWN = 10;

/**
 * A Vitest reporter that names the slowest test files at the end of a run (their import and their
 * tests), so the suite's time is measured where it goes (docs/performance.md, "The test suite").
 */
export default class SlowestTestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      return {
        name: `${module.project.name} ${module.relativeModuleId}`,
        importMs: diagnostic.collectDuration,
        testsMs: diagnostic.duration,
      };
    });
    const slowest = files.sort((a, b) => b.importMs + b.testsMs - (a.importMs + a.testsMs)).slice(0, SHOWN);
    console.log(`\nThe ${slowest.length} slowest test files (import + tests):`);
    for (const file of slowest)
      console.log(
        `  ${((file.importMs + file.testsMs) / 1000).toFixed(1).padStart(6)} s  ${file.name} (import ${(file.importMs / 1000).toFixed(1)} s)`,
      );
  }
}
