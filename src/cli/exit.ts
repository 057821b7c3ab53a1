// The exit codes every command shares (docs/cli.md lists them), and the error that carries one to main.ts.

export const EXIT = {
  /** Everything held: no error, every test passed, the configuration priced, the service did what was asked. */
  OK: 0,
  /** A schema has an error, a test failed, a configuration does not price, or push refused to publish one with errors. */
  PROBLEMS: 1,
  /** The command line was wrong: an unknown option, a missing argument, an unreadable file, bad --config JSON, no token. */
  USAGE: 2,
  /** The service could not be reached, refused the token, or answered with an error the command did not expect. */
  SERVICE: 3,
  /** cpq itself failed (an exception it did not expect); the stack is on stderr. */
  BUG: 4,
  /** push refused: a product changed in the store since this directory pulled (or pushed) it; --force overrides. */
  CONFLICT: 5,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Stops a command with a message for stderr and its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}
