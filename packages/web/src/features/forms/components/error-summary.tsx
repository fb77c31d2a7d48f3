import { Alert, Anchor, Text } from '@mantine/core';
import type { SubmissionError } from '@under/core/forms/validate-submission';
import { MESSAGES } from '@under/core/messages';
import { forwardRef } from 'react';
import { readableErrorAlert } from '../lib/alert-styles';
import classes from './renderer.module.css';

interface ErrorSummaryProps {
  errors: readonly SubmissionError[];
  /** The id a link jumps to (the field's first input). */
  hrefOf: (error: SubmissionError) => string;
  onPick: (error: SubmissionError) => void;
}

/**
 * 'Missing Required Fields' with the spec's explanation (spec 1 §5), then every problem as a link that moves focus
 * to its field. It takes focus itself when shown, so screen readers read it out.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { errors, hrefOf, onPick },
  ref,
) {
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="red"
      variant="light"
      title={MESSAGES.missingRequiredFieldsTitle}
      styles={readableErrorAlert}
    >
      <Text size="sm" mb="xs">
        {MESSAGES.missingRequiredFields}
      </Text>
      <ul className={classes.summaryList}>
        {errors.map((error) => (
          <li key={`${error.path}:${error.code}`}>
            <Anchor
              href={`#${hrefOf(error)}`}
              c="red.9"
              underline="always"
              onClick={(event) => {
                event.preventDefault();
                onPick(error);
              }}
            >
              {error.message}
            </Anchor>
          </li>
        ))}
      </ul>
    </Alert>
  );
});
