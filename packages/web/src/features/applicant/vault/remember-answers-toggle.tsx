import { VAULT_TEXT as T } from '@under/core/ui-text/applicant-vault';
import { useId } from 'react';
import classes from './vault.module.css';

/**
 * The opt-in of "Fill it in once" (issue 12; decision 039): "Remember my answers for other applications",
 * unticked unless the applicant ticks it. The page sends its value as `rememberAnswers` with the save and submit.
 *
 * Props:
 * - `checked: boolean` — the application's `rememberAnswers` (false for a new application).
 * - `onChange(checked: boolean): void` — the applicant ticked or unticked it.
 * - `disabled?: boolean` — e.g. after submit, or for an additional owner (only the primary applicant opts in).
 */
export function RememberAnswersToggle(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={classes.toggle}>
      <input
        id={id}
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <label htmlFor={id}>
        {T.rememberLabel}
        <span id={`${id}-hint`} className={classes.hint}>
          {T.rememberHint}
        </span>
      </label>
    </div>
  );
}
