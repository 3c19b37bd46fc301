import fs from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest journeys a run names at its end. */
const SHOWN = 10;

/**
 * Names the slowest journeys at the end of a run, so the suite's time is measured where it goes
 * before anything is made faster (docs/performance.md, "The test suite").
 */
export default class SlowestReporter implements Reporter {
  private readonly durations: { title: string; ms: number }[] = [];
  private started = 0;
  /** Which worker ran what, in order: a journey that fails only after another one names it. */
  private readonly order: string[] = [];

  onBegin(): void {
    this.started = Date.now();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const where = `${test.location.file.split('/e2e/').pop()}:${test.location.line}`;
    const retry = result.retry > 0 ? ` (retry ${result.retry})` : '';
    this.durations.push({ title: `${where} › ${test.title}${retry}`, ms: result.duration });
    this.order.push(`w${result.parallelIndex} ${result.status.padEnd(8)} ${where}`);
  }

  onEnd(result: FullResult): void {
    const slowest = [...this.durations].sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    const total = this.durations.reduce((sum, d) => sum + d.ms, 0);
    const wall = Date.now() - this.started;
    console.log(
      `\nThe ${slowest.length} slowest journeys (${this.durations.length} in ${(total / 1000).toFixed(0)} s of journey time, ${(wall / 1000).toFixed(0)} s on the clock, ${result.status}):`,
    );
    for (const { title, ms } of slowest) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`);
    // Which worker ran what, in order, for a journey that fails only after another one.
    fs.mkdirSync('test-results', { recursive: true });
    fs.writeFileSync('test-results/journey-order.txt', `${this.order.join('\n')}\n`);
    // Every journey's time, slowest first: where a faster suite has to look.
    const all = [...this.durations].sort((a, b) => b.ms - a.ms);
    fs.writeFileSync(
      'test-results/journey-times.txt',
      `${all.map(({ title, ms }) => `${(ms / 1000).toFixed(1).padStart(6)} s  ${title}`).join('\n')}\n`,
    );
  }

  printsToStdio(): boolean {
    return false;
  }
}
