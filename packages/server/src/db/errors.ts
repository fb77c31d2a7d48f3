/** A unique index refused the write (PostgreSQL 23505), directly or as the cause of a driver error. */
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

/** A division by zero (PostgreSQL 22012), directly or as the cause of a driver error: a statement's deliberate abort. */
export const isDivisionByZero = (err: unknown): boolean =>
  (err as { code?: string }).code === '22012' || (err as { cause?: { code?: string } }).cause?.code === '22012';
