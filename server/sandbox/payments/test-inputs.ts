/**
 * The sandbox PSP's test inputs (listed in docs/sandbox-payments.md): a card number, an e-mail
 * address or a bank confirmation code decides how a payment ends, as with a real PSP's test cards.
 */
export type CardScenario = 'success' | 'declined' | 'challenge' | 'insufficient' | 'delayed';
export type EmailScenario = 'success' | 'declined' | 'insufficient' | 'delayed' | 'payout-fails';

/** Test numbers with a scenario other than success; any other Luhn-valid number succeeds. */
export const testCardScenarios: Readonly<Record<string, CardScenario>> = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': 'declined',
  '4000000000003220': 'challenge',
  '4000000000009995': 'insufficient',
  '4000000000000077': 'delayed',
};

/** The 3-D Secure code that passes the challenge. */
export const THREE_D_SECURE_CODE = '1234';
/** The bank confirmation code (secureId) the sandbox bank refuses. */
export const DECLINED_SECURE_ID = '000000';
/** Bank payouts to an account ending in these digits fail. */
export const FAILING_PAYOUT_ACCOUNT_SUFFIX = '0002';

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

export const cardScenario = (digits: string): CardScenario => testCardScenarios[digits] ?? 'success';

/** E-mail test inputs: the address decides (NS-19 methods and e-wallet payouts). */
export function emailScenario(email: string): EmailScenario {
  const lower = email.toLowerCase();
  if (lower.includes('insufficient')) return 'insufficient';
  if (lower.includes('decline')) return 'declined';
  if (lower.includes('delay')) return 'delayed';
  if (lower.includes('fail')) return 'payout-fails';
  return 'success';
}

/**
 * What an e-wallet payment was paid from, as real e-wallets report it to the merchant with the
 * authorisation (the wallet's balance, a linked bank account, a linked debit or credit card, or
 * the wallet's pay-later credit). The merchant may refuse credit funding (docs/compliance.md).
 */
export const fundingSources = ['BALANCE', 'BANK_ACCOUNT', 'DEBIT_CARD', 'CREDIT_CARD', 'PAY_LATER'] as const;
export type FundingSource = (typeof fundingSources)[number];

export const isFundingSource = (value: string): value is FundingSource => (fundingSources as readonly string[]).includes(value);

/** The funding the sandbox e-wallet page preselects for an account: the e-mail may name one (a test input), else the balance. */
export function emailFundingSource(email: string): FundingSource {
  const lower = email.toLowerCase();
  if (lower.includes('paylater') || lower.includes('bnpl')) return 'PAY_LATER';
  if (lower.includes('creditcard')) return 'CREDIT_CARD';
  if (lower.includes('debitcard')) return 'DEBIT_CARD';
  if (lower.includes('bankaccount')) return 'BANK_ACCOUNT';
  return 'BALANCE';
}

export type CardFormField = 'cardNumber' | 'nameOnCard' | 'expiry' | 'cvc';

export interface CardFormInput {
  cardNumber?: string | undefined;
  nameOnCard?: string | undefined;
  expiry?: string | undefined;
  cvc?: string | undefined;
}

export interface CheckedCard {
  digits: string;
  nameOnCard: string;
  expiryMonth: number;
  expiryYear: number;
}

/**
 * Checks the hosted card form: a Luhn-valid number, a name, an expiry MM/YY not in the past and a
 * 3–4 digit security code. The security code is only checked, never kept.
 */
export function checkCardForm(
  input: CardFormInput,
  now = new Date(),
): { card: CheckedCard; errors: [] } | { card: null; errors: { field: CardFormField; error: string }[] } {
  const errors: { field: CardFormField; error: string }[] = [];
  const digits = (input.cardNumber ?? '').replace(/[\s-]/g, '');
  if (!luhnValid(digits)) errors.push({ field: 'cardNumber', error: 'Enter a valid card number' });
  const nameOnCard = (input.nameOnCard ?? '').trim().replace(/\s+/g, ' ');
  if (nameOnCard.length < 2 || nameOnCard.length > 60 || /[<>]/.test(nameOnCard)) errors.push({ field: 'nameOnCard', error: 'Enter the name on the card' });
  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(input.expiry ?? '');
  let expiryMonth = 0;
  let expiryYear = 0;
  if (!expiry) {
    errors.push({ field: 'expiry', error: 'Enter the expiry date as MM/YY' });
  } else {
    expiryMonth = Number(expiry[1]);
    expiryYear = 2000 + Number(expiry[2]);
    const currentMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (expiryMonth < 1 || expiryMonth > 12) errors.push({ field: 'expiry', error: 'Enter the expiry date as MM/YY' });
    else if (expiryYear * 12 + (expiryMonth - 1) < currentMonth) errors.push({ field: 'expiry', error: 'This card has expired' });
  }
  if (!/^\d{3,4}$/.test((input.cvc ?? '').trim())) errors.push({ field: 'cvc', error: 'Enter the 3 or 4 digit security code' });
  if (errors.length > 0) return { card: null, errors };
  return { card: { digits, nameOnCard, expiryMonth, expiryYear }, errors: [] };
}
