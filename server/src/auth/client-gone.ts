import type { FastifyReply } from 'fastify';

/**
 * Runs `work` with a signal that aborts when the client's connection closes before the reply
 * is sent (a sign-in waiting its turn in the throttle then leaves the queue). Answers
 * undefined when the client went away; nothing is sent then, as nobody would read it.
 */
export async function whileConnected<T>(reply: FastifyReply, work: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
  const controller = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client closed the connection.'));
  };
  reply.raw.once('close', onClose);
  try {
    return await work(controller.signal);
  } catch (error) {
    if (!controller.signal.aborted) throw error;
    reply.hijack();
    return undefined;
  } finally {
    reply.raw.removeListener('close', onClose);
  }
}
