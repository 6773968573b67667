/** A refusal the caller should see: the app's error handler sends `{code, message}` with `statusCode`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
