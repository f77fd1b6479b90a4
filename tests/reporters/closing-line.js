// Prints the plain closing line CI reads ('N passed, N failed[, N skipped]')
// after jest's own summary, so a run that executes no test is visible as such.
export default class ClosingLineReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    const line = `${results.numPassedTests} passed, ${results.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : '');
    process.stderr.write(`\njest: ${line}\n`);
  }
}
