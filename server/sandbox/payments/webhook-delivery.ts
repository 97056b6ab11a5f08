import type { Logger } from 'pino';
import type { SandboxPsp } from './psp';
import { SIGNATURE_HEADER, signWebhookBody } from './webhook-protocol';

/** Sends one signed webhook body to the merchant; answers the HTTP status the merchant gave. */
export type WebhookSender = (body: string, headers: Record<string, string>) => Promise<number>;

/**
 * The sandbox PSP's webhook outbox, delivering at least once. A payment due a webhook has
 * `webhook_due_at` set in its row, so a scheduled (delayed) webhook survives a restart; a timer
 * sends the due ones, a page sends its own at once. Sending claims the row first by moving its
 * due time a lease ahead, so two nodes never send the same event together; `webhook_sent_at` is
 * set only after the merchant answered 2xx. A refused or failed delivery is retried with
 * back-off, and one cut short by a crash is sent again when the lease lapses (the merchant
 * applies each event id once).
 */
export class WebhookDelivery {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly psp: SandboxPsp,
    private readonly secret: string,
    private readonly send: WebhookSender,
    private readonly logger: Logger,
  ) {}

  /** Sends the webhook of one payment now, if it is due; true when the merchant took it. */
  async deliver(id: string): Promise<boolean> {
    const claimed = await this.psp.claim(id);
    if (!claimed) return false;
    const row = await this.psp.expireUnfinished(claimed);
    const event = this.psp.eventFor(row);
    if (!event) {
      await this.psp.drop(row);
      return false;
    }
    const body = JSON.stringify(event);
    try {
      const status = await this.send(body, { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhookBody(this.secret, body) });
      if (status >= 200 && status < 300) {
        await this.psp.delivered(row);
        return true;
      }
      this.logger.warn({ event: event.id, type: event.type, status }, 'sandbox PSP: the merchant refused a webhook; retrying later');
      await this.psp.retryLater(row, `HTTP ${status}`);
    } catch (error) {
      this.logger.warn({ event: event.id, err: error }, 'sandbox PSP: webhook delivery failed; retrying later');
      await this.psp.retryLater(row, error instanceof Error ? error.message : String(error));
    }
    return false;
  }

  /** Sends every due webhook. */
  async deliverDue(): Promise<void> {
    for (const id of await this.psp.dueIds()) await this.deliver(id);
  }

  /** Checks for due webhooks every `intervalMs` until `stop`. */
  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.deliverDue()
        .catch((error: unknown) => this.logger.error({ err: error }, 'sandbox PSP: webhook round failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a round in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
