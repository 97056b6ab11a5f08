import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/database';
import { mailOutbox } from '../db/schema';
import type { MailMessage } from './templates';

export interface Mailer {
  /** Records the message in the outbox and, when SMTP is configured, starts delivering it. */
  send(message: MailMessage): Promise<void>;
}

/**
 * Every message is written to the outbox first. With `SMTP_URL` set it is then delivered by
 * nodemailer in the background and marked sent (or its error kept); without it the outbox is where a developer
 * reads it (`npm run mail:outbox`).
 */
export function createMailer(options: { db: Db; smtpUrl?: string | undefined; from: string; logger: Logger }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(message) {
      const [row] = await options.db
        .insert(mailOutbox)
        .values({
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          template: message.template,
          transport: transport ? 'smtp' : 'outbox',
        })
        .returning({ id: mailOutbox.id });
      if (!transport || !row) {
        options.logger.info({ template: message.template, outboxId: String(row?.id) }, 'e-mail written to the outbox');
        return;
      }
      // Delivery happens after the caller's answer: a slow mail server never holds up a sign-up.
      const id = row.id;
      void transport
        .sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, html: message.html })
        .then(() => options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id)))
        .catch(async (error: unknown) => {
          const reason = error instanceof Error ? error.message : 'unknown error';
          options.logger.error({ template: message.template, outboxId: String(id), err: reason }, 'e-mail delivery failed');
          await options.db
            .update(mailOutbox)
            .set({ error: reason })
            .where(eq(mailOutbox.id, id))
            .catch(() => undefined);
        });
    },
  };
}
