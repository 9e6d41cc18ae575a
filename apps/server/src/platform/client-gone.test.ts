import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientGone } from './client-gone.js';

const replyWith = (writableFinished: boolean) => {
  const raw = Object.assign(new EventEmitter(), { writableFinished });
  return { reply: { raw } as unknown as FastifyReply, raw };
};

describe('clientGone', () => {
  it('aborts when the connection closes before the answer is sent', () => {
    const { reply, raw } = replyWith(false);
    const signal = clientGone(reply);
    expect(signal.aborted).toBe(false);
    raw.emit('close');
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('AbortError');
  });

  it('stays quiet when the answer was sent', () => {
    const { reply, raw } = replyWith(true);
    const signal = clientGone(reply);
    raw.emit('close');
    expect(signal.aborted).toBe(false);
  });
});
