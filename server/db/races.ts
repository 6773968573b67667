/**
 * PostgreSQL may abort one of two transactions that wait on each other (deadlock, SQLSTATE 40P01). A statement
 * aborted that way changed nothing, so running it again is the answer, not a 500.
 */

/** The SQLSTATE of a database error from either driver (drizzle wraps the driver's error as `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current.code;
  }
  return undefined;
}

export const DEADLOCK_DETECTED = '40P01';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Runs `work`, and again (at most `tries` times in all) when PostgreSQL aborted it to break a deadlock. */
export async function retryOnDeadlock<T>(work: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= tries || sqlStateOf(error) !== DEADLOCK_DETECTED) throw error;
    }
  }
}

/** True when `error` (or a cause drizzle wrapped it in) is a unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (
    let current = error as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505' && (current.constraint === constraint || current.message?.includes(constraint))) return true;
  }
  return false;
}
