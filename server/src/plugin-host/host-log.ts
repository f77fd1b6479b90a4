/** Where the host logs: the server's logger. */
export interface HostLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

/** The message of something thrown. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
