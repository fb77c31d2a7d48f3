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
 * 'Missing Required Fields' with the spec's explanation (spec 1 §5) for the fields left empty, and 'Answers to
 * correct' for answers in the wrong form (issue 21: an invalid value is not "missing"); every problem a link that
 * moves focus to its field. It takes focus itself when shown, so screen readers read it out.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, ErrorSummaryProps>(function ErrorSummary(
  { errors, hrefOf, onPick },
  ref,
) {
  const missing = errors.filter((e) => e.code === 'required');
  const wrong = errors.filter((e) => e.code !== 'required');
  const list = (items: readonly SubmissionError[], label: string) => (
    <ul className={classes.summaryList} aria-label={label}>
      {items.map((error) => (
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
  );
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      role="alert"
      color="red"
      variant="light"
      title={missing.length > 0 ? MESSAGES.missingRequiredFieldsTitle : MESSAGES.answersToCorrectTitle}
      styles={readableErrorAlert}
    >
      {missing.length > 0 ? (
        <>
          <Text size="sm" mb="xs">
            {MESSAGES.missingRequiredFields}
          </Text>
          {list(missing, MESSAGES.missingRequiredFieldsTitle)}
        </>
      ) : null}
      {wrong.length > 0 ? (
        <>
          {missing.length > 0 ? (
            <Text size="sm" fw={700} mt="sm" mb="xs">
              {MESSAGES.answersToCorrectTitle}
            </Text>
          ) : (
            <Text size="sm" mb="xs">
              {MESSAGES.answersToCorrect}
            </Text>
          )}
          {list(wrong, MESSAGES.answersToCorrectTitle)}
        </>
      ) : null}
    </Alert>
  );
});
