import type { FormComponent } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { FormNode } from './form-nodes';
import classes from './renderer.module.css';

/** Fields mounted in the first commit (about two screens), then per idle step. */
const FIRST_FIELDS = 40;
const STEP_FIELDS = 40;

export const COMPLETE_MARKS = { end: 'under-form:complete-end', measure: 'under-form:complete' };

/** Where each batch ends: indexes into `components` so that each batch holds about `size` fields. */
function batchEnds(components: readonly FormComponent[]): number[] {
  const ends: number[] = [];
  let inBatch = 0;
  let limit = FIRST_FIELDS;
  components.forEach((component, i) => {
    walkComponents([component], () => {
      inBatch += 1;
    });
    if (inBatch >= limit) {
      ends.push(i + 1);
      inBatch = 0;
      limit = STEP_FIELDS;
    }
  });
  if (ends.at(-1) !== components.length) ends.push(components.length);
  return ends;
}

/**
 * A long list of components mounted in batches: the first screens in the first commit, the rest in
 * low-priority transitions, so a 300-field form is on screen and typeable at once and the remaining fields follow
 * without blocking input. Values, conditions and validation never depend on what is mounted.
 */
export function ProgressiveNodes({
  components,
  onComplete,
}: {
  components: readonly FormComponent[];
  onComplete?: () => void;
}) {
  const ends = useMemo(() => batchEnds(components), [components]);
  const [batch, setBatch] = useState(0);
  const shown = ends[batch] ?? components.length;

  useEffect(() => {
    if (shown >= components.length) {
      onComplete?.();
      return;
    }
    const timer = setTimeout(() => startTransition(() => setBatch((b) => b + 1)), 0);
    return () => clearTimeout(timer);
  }, [shown, components.length, onComplete]);

  return (
    <div className={classes.stack}>
      {components.slice(0, shown).map((component) => (
        <FormNode key={component.key} component={component} />
      ))}
    </div>
  );
}
