// Errors a user can cause, each with its own exit code and a one-line message (never a stack).
export const EXIT = {
  passed: 0,
  failed: 1,
  usage: 2,
  unreachable: 3,
  suiteError: 4,
  interrupted: 130,
  terminated: 143,
} as const;

export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
    readonly code: string,
  ) {
    super(message);
  }
}

export const configError = (message: string) => new UserError(message, EXIT.usage, 'CONFIG');
export const usageError = (message: string) => new UserError(message, EXIT.usage, 'USAGE');
export const unreachableError = (message: string) => new UserError(message, EXIT.unreachable, 'UNREACHABLE');
