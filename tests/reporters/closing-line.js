// Prints the plain closing line CI reads ('N passed, N failed[, N skipped]')
// after jest's own summary, so a run that executes no test is visible as such,
// and the name of each skipped test.
import { relative } from 'node:path';

/** Skipped tests listed by name up to this many. */
const MAX_SKIPPED_LISTED = 30;

export default class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${results.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : '');
    process.stderr.write(`\njest: ${line}\n`);
    // Which tests were skipped, each with its file (a mode's skip tells its reason in the name);
    // not the many a name filter (-t) leaves out.
    if (skipped > MAX_SKIPPED_LISTED) return;
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        if (test.status === 'pending' || test.status === 'todo') process.stderr.write(`jest: skipped ${relative(process.cwd(), file.testFilePath)} › ${test.fullName}\n`);
      }
    }
  }
}
