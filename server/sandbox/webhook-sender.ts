/**
 * How the provider simulators (Stripe, Adyen, Onfido) send their webhooks, as the providers do: one
 * attempt, then retries with back-off (`retryBaseMs`, doubled each time up to `retryCapMs`) until a
 * 2xx or `maxAttempts`; on request sent twice (the simulator's `duplicates`, or every `duplicateEvery`-th),
 * held back so that later ones overtake it (every `lateEvery`-th, `lateMs`), or held until released
 * in another order. Each simulator keeps what a webhook says and how it is signed; `idle()` resolves
 * once nothing is being sent, retried, held back or (while holding) queued.
 */

export interface WebhookAttempt {
  attempt: number;
  /** The HTTP status answered; 0 when no answer came. */
  status: number;
  answer: string;
}

/** How a simulator sends its webhooks: retries, duplicates and late ones (each simulator's options carry these). */
export interface SendingOptions {
  /** Milliseconds before the first retry of an unanswered webhook; doubles each time (default 200). */
  retryBaseMs?: number;
  /** The longest wait between two attempts (default: none, the wait doubles each time). */
  retryCapMs?: number;
  /** Attempts per webhook before giving up (default 6). */
  maxAttempts?: number;
  /** Every n-th webhook is sent twice, as a provider does when an answer is lost (0: none; the default). */
  duplicateEvery?: number;
  /** Every n-th webhook is held back `lateMs` so that later ones overtake it (0: none; the default). */
  lateEvery?: number;
  /** How long a late webhook is held back (default 500 ms). */
  lateMs?: number;
}

export interface WebhookSenderOptions<Sent> extends SendingOptions {
  /** Where webhooks go now; none: nothing is sent. */
  url(): string | undefined;
  /** The request of one attempt: signed at each attempt, so a rotated key signs the retries. */
  request(sent: Sent): { headers: Record<string, string>; body: string };
  /** Every attempt's outcome, for the simulator's own record. */
  attempted(sent: Sent, attempt: WebhookAttempt): void;
  /** Whether every webhook goes out twice (the simulator's switch, read at each send). */
  duplicates(): boolean;
}

export interface WebhookSender<Sent> {
  /** Sends the `count`-th webhook of the simulator (or queues it while holding). */
  send(sent: Sent, count: number): void;
  /** Runs `run` after `ms` unless closed; `counted`, idle() waits for it too. */
  later(ms: number, run: () => void, counted?: boolean): void;
  hold(): void;
  release(order?: 'sent' | 'reverse'): Promise<void>;
  idle(): Promise<void>;
  close(): void;
}

/** The sending options a simulator's own options carry, and nothing else of them. */
export function pickSending(options: SendingOptions): SendingOptions {
  const { retryBaseMs, retryCapMs, maxAttempts, duplicateEvery, lateEvery, lateMs } = options;
  return Object.fromEntries(
    Object.entries({ retryBaseMs, retryCapMs, maxAttempts, duplicateEvery, lateEvery, lateMs }).filter(([, value]) => value !== undefined),
  );
}

const every = (n: number | undefined, count: number) => n !== undefined && n > 0 && count % n === 0;

export function createWebhookSender<Sent>(options: WebhookSenderOptions<Sent>): WebhookSender<Sent> {
  const retryBaseMs = options.retryBaseMs ?? 200;
  const retryCapMs = options.retryCapMs ?? Number.POSITIVE_INFINITY;
  const maxAttempts = options.maxAttempts ?? 6;
  const timers = new Set<NodeJS.Timeout>();
  const held: Sent[] = [];
  let holding = false;
  let closed = false;
  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (inFlight === 0 && (held.length === 0 || !holding)) {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  };

  const later = (ms: number, run: () => void, counted = false) => {
    if (counted) inFlight += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (counted) inFlight -= 1;
      if (!closed) run();
      if (counted) settleIdle();
    }, ms);
    timers.add(timer);
  };

  const deliver = (sent: Sent, attempt = 1) => {
    const target = options.url();
    if (!target) return;
    inFlight += 1;
    const { headers, body } = options.request(sent);
    fetch(target, { method: 'POST', headers, body })
      .then(async (response) => ({ status: response.status, answer: await response.text() }))
      .catch(() => ({ status: 0, answer: '' }))
      .then(({ status, answer }) => {
        options.attempted(sent, { attempt, status, answer });
        if ((status < 200 || status >= 300) && attempt < maxAttempts && !closed)
          later(Math.min(retryBaseMs * 2 ** (attempt - 1), retryCapMs), () => deliver(sent, attempt + 1), true);
        inFlight -= 1;
        settleIdle();
      });
  };

  const sendNow = (sent: Sent, twice: boolean) => {
    deliver(sent);
    if (twice) deliver(sent);
  };

  return {
    send(sent, count) {
      if (holding) {
        held.push(sent);
        return;
      }
      const twice = options.duplicates() || every(options.duplicateEvery, count);
      if (every(options.lateEvery, count)) later(options.lateMs ?? 500, () => sendNow(sent, twice), true);
      else sendNow(sent, twice);
    },
    later,
    hold() {
      holding = true;
    },
    async release(order = 'sent') {
      holding = false;
      const queued = held.splice(0);
      for (const sent of order === 'reverse' ? queued.reverse() : queued) sendNow(sent, options.duplicates());
      await this.idle();
    },
    idle() {
      return new Promise((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    close() {
      closed = true;
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
    },
  };
}
