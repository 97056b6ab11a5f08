import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../shared/api/api-client';
import { depositFailureOf, settledDepositFailure } from './deposit-failure';

const refusal = (httpStatus: number, body: unknown) => new ApiError({ kind: 'response', httpStatus, appError: null, appAlert: null, body });

describe('depositFailureOf', () => {
  it('DEP-32 DEP-33 DEP-34 names the three statuses the spec gives their own text', () => {
    expect(depositFailureOf(refusal(400, { status: 'LOW_LIMIT', message: 'Reached deposit limit min.' }))).toEqual({ kind: 'lowLimit' });
    expect(depositFailureOf(refusal(400, { status: 'HIGH_LIMIT', message: 'Reached deposit limit max.' }))).toEqual({ kind: 'highLimit' });
    expect(depositFailureOf(refusal(403, { status: 'KYCFAILED', message: 'KYC failed. Please contact Customer Support.' }))).toEqual({ kind: 'kycFailed' });
  });

  it('DEP-35 lists the message and every error of any other refusal', () => {
    const failure = depositFailureOf(
      refusal(400, {
        status: 'VALIDATION_ERROR',
        message: 'The request has invalid fields',
        errors: [{ field: 'payFromEmail', error: 'Please enter a valid e-mail address' }],
      }),
    );
    expect(failure).toEqual({ kind: 'listed', reasons: ['The request has invalid fields', 'Please enter a valid e-mail address'] });
    expect(depositFailureOf(refusal(402, { status: 'PAYMENT_DECLINED', message: 'The payment was declined by the provider' }))).toEqual({
      kind: 'listed',
      reasons: ['The payment was declined by the provider'],
    });
  });

  it('DEP-36 a server error is the internal-server-error text; no answer is told apart', () => {
    expect(depositFailureOf(refusal(500, { status: 'SERVER_ERROR', message: 'An internal server error has occurred' }))).toEqual({ kind: 'serverError' });
    expect(depositFailureOf(new ApiError({ kind: 'network' }))).toEqual({ kind: 'noAnswer' });
  });
});

describe('settledDepositFailure', () => {
  it('words a deposit refused for credit funding itself, in the player language; lists any other message', () => {
    expect(
      settledDepositFailure(
        { message: 'Deposits paid by credit card … (Gambling Regulation Act 2024, s. 165)', failureCode: 'CREDIT_FUNDING_NOT_ALLOWED' },
        'Declined',
      ),
    ).toEqual({ kind: 'creditFunding' });
    expect(settledDepositFailure({ message: 'Insufficient funds in the e-wallet', failureCode: null }, 'Declined')).toEqual({
      kind: 'listed',
      reasons: ['Insufficient funds in the e-wallet'],
    });
    expect(settledDepositFailure({ message: null }, 'Declined')).toEqual({ kind: 'listed', reasons: ['Declined'] });
    expect(depositFailureOf(refusal(402, { status: 'CREDIT_FUNDING_NOT_ALLOWED', message: 'Deposits paid by credit card …' }))).toEqual({
      kind: 'creditFunding',
    });
  });
});
