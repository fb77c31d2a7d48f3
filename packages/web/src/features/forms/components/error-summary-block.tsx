import type { SubmissionError } from '@under/core/forms/validate-submission';
import { forwardRef } from 'react';
import { ErrorSummary } from './error-summary';
import { useAllErrors } from './renderer-context';

/** The summary bound to the live errors: it shrinks as problems are fixed and disappears when none is left. */
export const ErrorSummaryBlock = forwardRef<
  HTMLDivElement,
  { hrefOf: (error: SubmissionError) => string; onPick: (error: SubmissionError) => void }
>(function ErrorSummaryBlock({ hrefOf, onPick }, ref) {
  const errors = useAllErrors();
  if (errors.length === 0) return null;
  return <ErrorSummary ref={ref} errors={errors} hrefOf={hrefOf} onPick={onPick} />;
});
