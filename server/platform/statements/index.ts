// The monthly activity statements' public face (issue 29 item 10; docs/compliance.md "Activity
// statements"): the job every node runs, one player's statement for a month, and staff's view.
export {
  makeStatement,
  playerStatements,
  runActivityStatements,
  statementsInMonth,
  STATEMENT_JURISDICTIONS,
  type StatementOutcome,
  type StatementRunSummary,
  type StoredStatement,
} from './statements.service';
export { startActivityStatements } from './statements-timer';
export { monthBefore, monthBounds } from './statement-text';
