// The financial checks' public face (issue 29 item 3; docs/compliance.md "Financial vulnerability
// checks"): the provider interface and its sandbox, the deposit trigger (a money policy), the job,
// staff's view and the checks the back office flags.
export type { FinancialCheckAnswer, FinancialCheckProvider, FinancialCheckSubject } from '../../providers/financial-check-provider';
export { SandboxFinancialCheckProvider, createFinancialCheckProvider, sandboxFinancialCheckTestValues } from './sandbox-financial-check-provider';
export { financialCheckSettings, type FinancialCheckSettings } from './settings';
export {
  FINANCIAL_CHECK_JURISDICTIONS,
  financialChecksToFlag,
  markFinancialChecksFlagged,
  playerFinancialChecks,
  financialCheckPolicy,
  runFinancialChecks,
  runRiskAssessments,
  triggerVulnerabilityCheck,
  under25,
  type CheckRunSummary,
  type FinancialCheckFlag,
  type RiskRunSummary,
} from './financial-checks.service';
export { startFinancialChecks } from './financial-checks-timer';
