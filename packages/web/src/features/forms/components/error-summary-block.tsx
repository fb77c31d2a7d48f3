import type { SubmissionError } from '@under/core/forms/validate-submission';
import { forwardRef, lazy, Suspense } from 'react';
import { useAllErrors } from './renderer-context';

/** Loaded on the first failed submit: most applicants never need it. */
const ErrorSummary = lazy(() => import('./error-summary').then((m) => ({ default: m.ErrorSummary })));

/** The summary bound to the live errors: it shrinks as problems are fixed and disappears when none is left. */
export const ErrorSummaryBlock = forwardRef<
  HTMLDivElement,
  { hrefOf: (error: SubmissionError) => string; onPick: (error: SubmissionError) => void }
>(function ErrorSummaryBlock({ hrefOf, onPick }, ref) {
  const errors = useAllErrors();
  if (errors.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ErrorSummary ref={ref} errors={errors} hrefOf={hrefOf} onPick={onPick} />
    </Suspense>
  );
});
