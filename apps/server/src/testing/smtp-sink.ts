import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail as the sink received it, decoded enough for tests to read. */
export interface SunkMail {
  /** Envelope recipients. */
  to: string[];
  /** Header names in lower case, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The text and HTML parts of a message (one level of multipart, as nodemailer writes them). */
function parse(raw: string, to: string[]): SunkMail {
  const { headers, body } = splitHead(raw);
  const parts: { type: string; content: string }[] = [];
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHead(chunk.replace(/^\r\n/, ''));
      parts.push({
        type: (part.headers['content-type'] ?? '').split(';')[0] ?? '',
        content: decodeBody(part.headers, part.body.replace(/\r\n$/, '')),
      });
    }
  } else {
    parts.push({
      type: (headers['content-type'] ?? 'text/plain').split(';')[0] ?? '',
      content: decodeBody(headers, body),
    });
  }
  const decoded = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeWords(v)]));
  return {
    to,
    headers: decoded,
    subject: decoded.subject ?? '',
    text: parts.find((p) => p.type === 'text/plain')?.content.replace(/\r\n/g, '\n') ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content.replace(/\r\n/g, '\n') ?? '',
    raw,
  };
}

/**
 * An SMTP server on 127.0.0.1 that keeps what it receives, for the tests of e-mail. It takes any
 * login (or none) without TLS. While `refusing` is true it turns every connection away, as a
 * mail server that is down; `connections` counts the attempts.
 */
export async function startSmtpSink() {
  const messages: SunkMail[] = [];
  const state = { refusing: false, connections: 0 };
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onConnect(_session, callback) {
      state.connections++;
      callback(state.refusing ? new Error('down for maintenance') : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    /** An SMTP_URL for the sink, with a login it accepts. */
    url: `smtp://reminders:hunter2-secret@127.0.0.1:${port}`,
    messages,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
