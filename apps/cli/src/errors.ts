/** A failure with the exit code the CLI ends with (1 errors, 2 reserved for "changes pending"). */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
