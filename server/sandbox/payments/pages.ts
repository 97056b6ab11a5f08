import { formatMinorUnits } from '../../../contracts/money';
import { isEmailWalletMethod, paymentMethodDescriptor } from '../../../contracts/platform/cashier/payment-methods';
import { escapeHtml } from '../../http/html';
import { sandboxWalletAddress } from './crypto-rates';
import { formatThousandths, pageOutcome, SANDBOX_PAYMENTS_PATH, type SandboxDetails, type SandboxRow } from './psp';
import { emailFundingSource, fundingSources, type FundingSource } from './test-inputs';

/**
 * The sandbox PSP's server-rendered pages. No inline script (the CSP forbids it): behaviour
 * comes from /sandbox/payments/assets/sandbox-pay.js, looks from sandbox-pay.css. Every page
 * carries the "SANDBOX — no real money" banner and works inside the portal's frame.
 */
export const ASSETS_PATH = `${SANDBOX_PAYMENTS_PATH}/assets`;

const symbols: Record<string, string> = { EUR: '€', GBP: '£' };
export const money = (amount: bigint, currency: string) => `${symbols[currency] ?? `${currency} `}${formatMinorUnits(amount)}`;

const info = (row: SandboxRow) => row.details as unknown as SandboxDetails;

interface Layout {
  title: string;
  /** The provider's look: card, skrill, neteller, crypto, bank, widget. */
  brand: string;
  body: string;
}

export function layout({ title, brand, body }: Layout): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox</title>
<link rel="stylesheet" href="${ASSETS_PATH}/sandbox-pay.css">
<script src="${ASSETS_PATH}/sandbox-pay.js" defer></script>
</head>
<body class="brand-${escapeHtml(brand)}">
<div class="sandbox-banner" role="note"><strong>SANDBOX — no real money.</strong> A test payment provider for development and demos.</div>
<main class="sheet">
${body}
</main>
</body>
</html>`;
}

export interface FieldProblem {
  field: string;
  error: string;
}

function errorList(errors: FieldProblem[]): string {
  if (errors.length === 0) return '';
  return `<ul class="errors" role="alert">${errors.map((problem) => `<li>${escapeHtml(problem.error)}</li>`).join('')}</ul>`;
}

const invalid = (errors: FieldProblem[], field: string) => (errors.some((problem) => problem.field === field) ? ' aria-invalid="true"' : '');

const cardTestValues = `<details class="test-values"><summary>Test cards</summary>
<table><tbody>
<tr><td>4242 4242 4242 4242</td><td>Visa, succeeds</td></tr>
<tr><td>5555 5555 5555 4444</td><td>Mastercard, succeeds</td></tr>
<tr><td>4000 0000 0000 0002</td><td>declined</td></tr>
<tr><td>4000 0000 0000 3220</td><td>3-D Secure: code 1234 passes</td></tr>
<tr><td>4000 0000 0000 9995</td><td>declined, insufficient funds</td></tr>
<tr><td>4000 0000 0000 0077</td><td>succeeds, confirmation delayed</td></tr>
</tbody></table><p>Any future expiry (MM/YY), any 3-digit security code, any name.</p></details>`;

/** The hosted card page: a deposit (with "save this card") or save-only. */
export function cardPage(row: SandboxRow, errors: FieldProblem[] = [], kept: { nameOnCard?: string | undefined; expiry?: string | undefined } = {}): string {
  const saveOnly = row.direction === 'CARD_SETUP';
  const action = saveOnly ? 'Save card' : `Pay ${money(row.amount, row.currency)}`;
  const body = `
<header class="provider"><span class="provider-logo" aria-hidden="true">C</span><span>Sandbox Card Services</span></header>
<h1>${saveOnly ? 'Add a card' : 'Pay by card'}</h1>
${saveOnly ? '<p class="lead">Your card is kept by the payment provider; the casino only sees its brand, last four digits and expiry.</p>' : `<p class="amount">${money(row.amount, row.currency)}</p>`}
${errorList(errors)}
<form method="post" action="${SANDBOX_PAYMENTS_PATH}/card/${row.id}" data-submit-once autocomplete="on" novalidate>
<label>Card number<input name="cardNumber" inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="1234 1234 1234 1234" data-card-number${invalid(errors, 'cardNumber')}></label>
<label>Name on card<input name="nameOnCard" autocomplete="cc-name" maxlength="60" value="${escapeHtml(kept.nameOnCard ?? '')}"${invalid(errors, 'nameOnCard')}></label>
<div class="row">
<label>Expiry (MM/YY)<input name="expiry" inputmode="numeric" autocomplete="cc-exp" maxlength="5" placeholder="MM/YY" value="${escapeHtml(kept.expiry ?? '')}" data-expiry${invalid(errors, 'expiry')}></label>
<label>Security code<input name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="CVC"${invalid(errors, 'cvc')}></label>
</div>
${saveOnly ? '' : '<label class="check"><input type="checkbox" name="saveCard" value="on"> Save this card for next time</label>'}
<div class="actions"><button type="submit" name="action" value="pay">${escapeHtml(action)}</button><button type="submit" name="action" value="cancel" class="secondary">Cancel</button></div>
</form>
${cardTestValues}`;
  return layout({ title: saveOnly ? 'Add a card' : 'Pay by card', brand: 'card', body });
}

export function challengePage(row: SandboxRow, failed = false): string {
  const card = info(row).card;
  const body = `
<header class="provider"><span class="provider-logo" aria-hidden="true">3D</span><span>3-D Secure · Sandbox Bank</span></header>
<h1>Confirm it is you</h1>
<p class="lead">${row.direction === 'CARD_SETUP' ? 'Confirm this card' : `Confirm the payment of ${money(row.amount, row.currency)}`}${card ? ` with your ${escapeHtml(card.brand)} card ending ${escapeHtml(card.lastFour)}` : ''}.</p>
${failed ? errorList([{ field: 'code', error: 'Enter the code' }]) : ''}
<form method="post" action="${SANDBOX_PAYMENTS_PATH}/card/${row.id}/3ds" data-submit-once novalidate>
<label>Code from your banking app<input name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8"></label>
<div class="actions"><button type="submit" name="action" value="confirm">Confirm</button><button type="submit" name="action" value="cancel" class="secondary">Cancel</button></div>
</form>
<p class="hint">Sandbox: the code <strong>1234</strong> passes; anything else declines.</p>`;
  return layout({ title: '3-D Secure', brand: 'bank', body });
}

const fundingLabels: Record<FundingSource, string> = {
  BALANCE: 'Wallet balance',
  BANK_ACCOUNT: 'Linked bank account',
  DEBIT_CARD: 'Linked debit card (Visa Debit •••• 5556)',
  CREDIT_CARD: 'Linked credit card (Mastercard •••• 4444)',
  PAY_LATER: 'Pay later (pay in 3)',
};

export function ewalletPage(row: SandboxRow, errors: FieldProblem[] = []): string {
  const descriptor = paymentMethodDescriptor(row.methodCode);
  // The page's colours are the brand's (`.brand-skrill`, `.brand-neteller` in sandbox-pay.css); a brand without its own keeps the page's default.
  const wallet =
    descriptor?.kind === 'e-wallet'
      ? { name: descriptor.name, brand: descriptor.name.toLowerCase().replace(/[^a-z0-9]+/g, '-') }
      : { name: 'E-wallet', brand: 'skrill' };
  const email = info(row).payFromEmail ?? '';
  const chosen = emailFundingSource(email);
  const fundingOptions = fundingSources
    .map((source) => `<option value="${source}"${source === chosen ? ' selected' : ''}>${escapeHtml(fundingLabels[source])}</option>`)
    .join('');
  const body = `
<header class="provider"><span class="provider-logo" aria-hidden="true">${escapeHtml(wallet.name.slice(0, 1))}</span><span>${escapeHtml(wallet.name)} · sandbox</span></header>
<h1>Sign in to pay</h1>
<p class="amount">${money(row.amount, row.currency)}</p>
${errorList(errors)}
<form method="post" action="${SANDBOX_PAYMENTS_PATH}/ewallet/${row.id}" data-submit-once novalidate>
<label>E-mail<input name="email" type="email" value="${escapeHtml(email)}" readonly></label>
<label>Password<input name="password" type="password" autocomplete="off"${invalid(errors, 'password')}></label>
<label>Pay with<select name="fundingSource" data-funding-source${invalid(errors, 'fundingSource')}>${fundingOptions}</select></label>
<div class="actions"><button type="submit" name="action" value="approve">Approve payment</button><button type="submit" name="action" value="cancel" class="secondary">Cancel</button></div>
</form>
<p class="hint">Sandbox: any password. E-mail addresses containing <code>decline</code>, <code>insufficient</code> or <code>delay</code> decline, decline for insufficient funds, or confirm late. "Pay with" is reported to the merchant as the payment's funding source (a credit card or pay later may be refused).</p>`;
  return layout({ title: wallet.name, brand: wallet.brand, body });
}

export function widgetPage(row: SandboxRow): string {
  const payout = row.direction === 'PAYOUT';
  const options = payout
    ? [
        ['bank', 'Bank account (SEPA / Faster Payments)'],
        ['wallet', 'PaymentIQ wallet'],
      ]
    : [
        ['card', 'Visa •••• 4242 (test card)'],
        ['bank', 'Instant bank transfer'],
        ['decline', 'Test method that declines'],
      ];
  const body = `
<header class="provider"><span class="provider-logo" aria-hidden="true">P</span><span>PaymentIQ cashier · sandbox</span></header>
<h1>${payout ? 'Where should we send your money?' : 'Choose how to pay'}</h1>
<p class="amount">${money(row.amount, row.currency)}</p>
<form method="post" action="${SANDBOX_PAYMENTS_PATH}/widget/${row.id}" data-submit-once>
<fieldset><legend>${payout ? 'Payout destination' : 'Payment method'}</legend>
${options.map(([value, label], index) => `<label class="check"><input type="radio" name="${payout ? 'destination' : 'method'}" value="${value}"${index === 0 ? ' checked' : ''}> ${escapeHtml(label ?? '')}</label>`).join('\n')}
</fieldset>
<div class="actions">${payout ? '<button type="submit" name="action" value="confirm">Confirm payout</button>' : '<button type="submit" name="action" value="pay">Pay</button><button type="submit" name="action" value="cancel" class="secondary">Cancel</button>'}</div>
</form>
${payout ? '<p class="hint">Your withdrawal has been requested and cannot be reversed; without a choice it is paid to your default destination.</p>' : ''}`;
  return layout({ title: 'PaymentIQ', brand: 'widget', body });
}

/**
 * The blockchain simulator. It sends from the player's wallet for the coin (`fromAddress`,
 * filled in; another address of the coin's network may be typed), and the payment reports that
 * sending address as a processor reports the transaction's input.
 */
export function cryptoPage(row: SandboxRow, qrSvg: string | null, errors: FieldProblem[] = [], fromAddress?: string): string {
  const quote = info(row).chosenQuote;
  const sender = info(row).senderAddress;
  const waiting = row.status === 'AWAITING_PAYMENT';
  const statusText: Record<string, string> = {
    QUOTED: 'Quoted: the player has not chosen a coin yet.',
    EXPIRED: `Expired: ${info(row).reason ?? 'the quote ran out'}.`,
    AWAITING_PAYMENT: 'Waiting for the coins.',
    PAID: 'Confirmed on the (simulated) blockchain.',
    UNDERPAID: `Failed: ${info(row).reason ?? 'underpaid'}.`,
  };
  const body = `
<header class="provider"><span class="provider-logo" aria-hidden="true">N</span><span>Nekbit · blockchain simulator</span></header>
<h1>Simulate the blockchain</h1>
<p class="lead">This page stands in for the player's crypto wallet and the blockchain. It is not part of the casino.</p>
<dl class="facts">
<dt>Deposit</dt><dd>${money(row.amount, row.currency)}</dd>
<dt>Status</dt><dd data-status="${escapeHtml(row.status)}">${escapeHtml(statusText[row.status] ?? row.status)}</dd>
${quote ? `<dt>Send</dt><dd><strong>${escapeHtml(formatThousandths(BigInt(quote.amount)))} ${escapeHtml(quote.coin)}</strong></dd><dt>To address</dt><dd><code>${escapeHtml(quote.address)}</code></dd><dt>Rate</dt><dd>${money(BigInt(quote.rate), row.currency)} per ${escapeHtml(quote.coin)}</dd>` : ''}
${sender ? `<dt>Sent from</dt><dd><code data-sender-address>${escapeHtml(sender)}</code></dd>` : ''}
</dl>
${qrSvg ? `<div class="qr">${qrSvg}</div>` : ''}
${
  waiting && quote
    ? `${errorList(errors)}<form method="post" action="${SANDBOX_PAYMENTS_PATH}/crypto/${row.id}" data-submit-once>
<label>Send from (your ${escapeHtml(quote.coin)} wallet's address)<input name="fromAddress" autocomplete="off" maxlength="100" value="${escapeHtml(fromAddress ?? sandboxWalletAddress(quote.coin, info(row).customerReference))}"${invalid(errors, 'fromAddress')}></label>
<div class="actions"><button type="submit" name="action" value="exact">Send exact amount</button><button type="submit" name="action" value="short" class="secondary">Send too little</button></div>
</form>`
    : ''
}`;
  return layout({ title: 'Blockchain simulator', brand: 'crypto', body });
}

const outcomeText = {
  deposit: { completed: 'Payment authorised. You can return to the casino.', declined: 'Payment declined.', cancelled: 'Payment cancelled.' },
  'card-stored': { completed: 'Card saved.', declined: 'The card could not be saved.', cancelled: 'Adding the card was cancelled.' },
  withdrawal: { completed: 'Payout confirmed. The money is on its way.', declined: 'Payout refused.', cancelled: 'Payout cancelled.' },
} as const;

/** The end of every flow: text for the player and data attributes the script posts to the portal. */
export function resultPage(row: SandboxRow): string {
  const outcome = pageOutcome(row);
  if (!outcome) return layout({ title: 'Payment', brand: 'card', body: '<h1>Payment in progress</h1><p class="lead">This payment has not finished yet.</p>' });
  const reason = info(row).reason;
  const body = `
<section class="result result-${outcome.outcome}" data-payment-result data-payment-id="${escapeHtml(outcome.paymentId)}" data-outcome="${outcome.outcome}" data-kind="${outcome.kind}">
<h1 role="status">${escapeHtml(outcomeText[outcome.kind][outcome.outcome])}</h1>
${outcome.outcome === 'declined' && reason ? `<p class="reason">${escapeHtml(reason)}</p>` : ''}
${row.direction === 'DEPOSIT' ? `<p class="amount">${money(row.amount, row.currency)}</p>` : ''}
<p class="hint" data-top-level-only><a href="/">Back to Emerald</a></p>
</section>`;
  return layout({ title: 'Payment result', brand: 'card', body });
}

export function notFoundPage(): string {
  return layout({ title: 'Not found', brand: 'card', body: '<h1>Payment not found</h1><p class="lead">This payment page does not exist or has expired.</p>' });
}

/** /sandbox/payments: the latest sandbox payments, with links to their pages (for developers). */
export function indexPage(rows: SandboxRow[]): string {
  const link = (row: SandboxRow) => {
    if (row.methodCode === 'NB_NEKBIT') return `<a href="${SANDBOX_PAYMENTS_PATH}/crypto/${row.id}">blockchain simulator</a>`;
    if (row.status === 'CREATED' && row.methodCode.startsWith('WPCGHOSTED_')) return `<a href="${SANDBOX_PAYMENTS_PATH}/card/${row.id}">card page</a>`;
    if (row.status === 'CREATED' && isEmailWalletMethod(row.methodCode)) return `<a href="${SANDBOX_PAYMENTS_PATH}/ewallet/${row.id}">e-wallet page</a>`;
    if (row.methodCode === 'PAYMENTIQ_ALL' && (row.status === 'CREATED' || (row.direction === 'PAYOUT' && !row.webhookSentAt)))
      return `<a href="${SANDBOX_PAYMENTS_PATH}/widget/${row.id}">widget</a>`;
    return '';
  };
  const body = `
<h1>Sandbox payments</h1>
<p class="lead">The latest payments the sandbox PSP has seen. Test inputs: <code>docs/sandbox-payments.md</code>.</p>
<table class="list"><thead><tr><th>When</th><th>Method</th><th>Direction</th><th>Amount</th><th>Status</th><th>Webhook</th><th></th></tr></thead><tbody>
${rows
  .map(
    (row) =>
      `<tr><td>${escapeHtml(row.createdAt.toISOString().slice(0, 19).replace('T', ' '))}</td><td>${escapeHtml(row.methodCode)}</td><td>${escapeHtml(row.direction)}</td><td>${row.direction === 'CARD_SETUP' ? '' : money(row.amount, row.currency)}</td><td>${escapeHtml(row.status)}</td><td>${row.webhookSentAt ? 'sent' : row.webhookDueAt ? `due ${escapeHtml(row.webhookDueAt.toISOString().slice(11, 19))}` : ''}</td><td>${link(row)}</td></tr>`,
  )
  .join('\n')}
</tbody></table>`;
  return layout({ title: 'Sandbox payments', brand: 'card', body });
}
