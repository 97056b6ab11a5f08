import {
  registerFor,
  type ExclusionRegisterCheck,
  type ExclusionRegisterProvider,
  type RegisterAnswer,
  type RegisterReply,
} from '../../providers/exclusion-register-provider';

/**
 * The sandbox registers (GAMSTOP and NGER), like a payment provider's test cards: ordinary people
 * are CLEAR; these last names (any letter case) give the other answers. Listed in the README.
 *
 * | last name | GB (GAMSTOP)  | IE (NGER)     | elsewhere |
 * | `Gamstop` | REGISTERED    | CLEAR         | CLEAR     |
 * | `Nger`    | CLEAR         | REGISTERED    | CLEAR     |
 * | `Excluded`| REGISTERED    | REGISTERED    | CLEAR     |
 * | `Offline` | UNAVAILABLE   | UNAVAILABLE   | CLEAR     |
 */
export const sandboxExclusionRegisterTestValues = {
  gamstopLastName: 'Gamstop',
  ngerLastName: 'Nger',
  bothRegistersLastName: 'Excluded',
  unavailableLastName: 'Offline',
} as const;

export class SandboxExclusionRegister implements ExclusionRegisterProvider {
  readonly id = 'sandbox';

  async check(input: ExclusionRegisterCheck): Promise<RegisterReply> {
    return { answer: this.answer(input) };
  }

  private answer(input: ExclusionRegisterCheck): RegisterAnswer {
    const register = registerFor(input.country);
    if (!register) return 'CLEAR';
    const lastName = input.lastName.trim().toLowerCase();
    const values = sandboxExclusionRegisterTestValues;
    if (lastName === values.unavailableLastName.toLowerCase()) return 'UNAVAILABLE';
    if (lastName === values.bothRegistersLastName.toLowerCase()) return 'REGISTERED';
    if (register === 'GAMSTOP' && lastName === values.gamstopLastName.toLowerCase()) return 'REGISTERED';
    if (register === 'NGER' && lastName === values.ngerLastName.toLowerCase()) return 'REGISTERED';
    return 'CLEAR';
  }
}
