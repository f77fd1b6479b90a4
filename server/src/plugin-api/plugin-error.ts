/**
 * A failure with an HTTP status, both ways across the contract: `ctx.files` throws it (404
 * no such node, 409 no parent folder, 412 the destination exists, 400 a name not allowed,
 * 507 no space), and a plugin's DAV collection throws it to answer that status and message.
 */
export class PluginError extends Error {
  constructor(
    /** An HTTP status from 400 to 599. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PluginError';
  }
}
