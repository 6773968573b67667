/** What an image provider's failure says: whether trying again may help, and how long the provider asked us to wait. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** 429, 5xx, time-outs and network errors are worth another try; a refused prompt or a bad key is not. */
    readonly retryable: boolean,
    /** Seconds the provider asked us to wait (Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}
