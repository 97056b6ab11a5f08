import type { FinancialCheckAnswer, FinancialCheckProvider, FinancialCheckSubject } from '../../providers/financial-check-provider';

/**
 * The sandbox financial vulnerability service, like the sandbox registers: ordinary people are
 * CLEAR; these last names (any letter case) give the other answers. Listed in the README.
 *
 * | last name     | answer      |
 * | `Strained`    | CONCERN     |
 * | `Unreachable` | UNAVAILABLE |
 */
export const sandboxFinancialCheckTestValues = {
  concernLastName: 'Strained',
  unavailableLastName: 'Unreachable',
} as const;

export class SandboxFinancialCheckProvider implements FinancialCheckProvider {
  readonly id = 'sandbox';

  async check(subject: FinancialCheckSubject): Promise<FinancialCheckAnswer> {
    const lastName = subject.lastName.trim().toLowerCase();
    if (lastName === sandboxFinancialCheckTestValues.concernLastName.toLowerCase()) return 'CONCERN';
    if (lastName === sandboxFinancialCheckTestValues.unavailableLastName.toLowerCase()) return 'UNAVAILABLE';
    return 'CLEAR';
  }
}

export function createFinancialCheckProvider(name: 'sandbox'): FinancialCheckProvider {
  switch (name) {
    case 'sandbox':
      return new SandboxFinancialCheckProvider();
  }
}
