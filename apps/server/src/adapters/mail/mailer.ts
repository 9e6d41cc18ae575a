import nodemailer from 'nodemailer';

/** One e-mail: a plain-text body and its HTML twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers (List-Unsubscribe, Message-ID...). */
  headers?: Record<string, string>;
}

/** Sends e-mail; `send` rejects when the SMTP server refuses or cannot be reached. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface SmtpMailerOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://user:pass@host:465. */
  url: string;
  /** The From header. */
  from: string;
  /** Connect, greeting and socket time limits, in ms (5 s): a server that is down fails fast. */
  timeoutMs?: number;
}

/**
 * A mailer over one SMTP server (nodemailer). No pool: each e-mail opens its own connection, so
 * a server that went down and came back is simply reached again, and nothing stays open
 * between reminders. A failure is the caller's to retry (the job runner does).
 */
export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  const timeout = opts.timeoutMs ?? 5_000;
  const transport = nodemailer.createTransport({
    url: opts.url,
    pool: false,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 2,
  });
  return {
    async send(m) {
      await transport.sendMail({
        from: opts.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        ...(m.headers ? { headers: m.headers } : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
