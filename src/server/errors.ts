import { statusByErrorCode, type ErrorCode } from '#shared/errors.ts';

/**
 * The one error type of the server: a code the client understands and a safe message. Any layer may
 * throw it; the HTTP error handler (`http/error-handler.ts`) answers it with the code's status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string[]>;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string[]>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return statusByErrorCode[this.code];
  }
}
