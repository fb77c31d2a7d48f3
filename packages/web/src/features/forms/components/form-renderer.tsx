import { Box } from '@mantine/core';
import { getDefaultData } from '@under/core/forms/compile-form';
import type { EndUserRole } from '@under/core/forms/field-types';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { type SubmissionError, type SubmissionResult, validateSubmission } from '@under/core/forms/validate-submission';
import {
  type FormEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { lookupPath, mapDataPaths, underAny } from '../lib/data-paths';
import { createFormStore, errorRoot } from '../lib/form-store';
import { createFormValues } from '../lib/form-values';
import { ErrorSummaryBlock } from './error-summary-block';
import { FormNodes } from './form-nodes';
import classes from './renderer.module.css';
import { RendererButton as Button } from './renderer-button';
import { fieldId, RendererContext, type RendererContextValue, type UploadFn } from './renderer-context';
import { scopedFieldId } from './scope-store';
import { type WizardColors, WizardHeader } from './wizard-header';

export interface FormRendererProps extends WizardColors {
  form: FormDefinition;
  /** Values to start from (a saved draft); defaults of the form fill the rest. */
  data?: Record<string, unknown>;
  /** The end user's role: fields the role may not edit are read-only (spec 1 §6). */
  role?: EndUserRole;
  /**
   * The owner's section of the form (decision 059; 1 for the primary): a shared owner edits fields of their own
   * owner section only, as the server checks.
   */
  ownerSection?: number;
  /** The wizard page shown first (an additional owner's page opens on their own section). */
  startPage?: number;
  /** The stored data, so validation can refuse changes to read-only fields. */
  previousData?: Record<string, unknown>;
  /** Called with the cleaned data when `validateSubmission` passes. */
  onSubmit?: (data: Record<string, unknown>, result: SubmissionResult) => void | Promise<void>;
  /** Called with the result when validation fails (after the summary is shown). */
  onInvalid?: (result: SubmissionResult) => void;
  upload?: UploadFn;
  readOnly?: boolean;
  submitLabel?: string;
  /** Called after every change with all the values (calculated ones included): the applicant's autosave. */
  onChange?: (values: Record<string, unknown>) => void;
  /**
   * An application not submitted yet: encrypted fields follow their euPermission like any other field (they are
   * read-only to owners only once submitted, spec 1 §6; core's validateSubmission `unsubmitted`).
   */
  unsubmitted?: boolean;
  /** Shown above the wizard's buttons on its last page (the applicant's terms to accept). */
  beforeSubmit?: React.ReactNode;
  /** A wizard's page (its key) to open on, when it is shown: where the applicant left off (issue 21). */
  initialPage?: string | null;
  /** A wizard's page changed (Next, Previous, a step, an error's field): its key. */
  onPageChange?: (pageKey: string) => void;
}

/** The sanitised HTML block of the renderer's htmlelement, for pages around a form (terms and conditions). */
export { HtmlContent } from './html-content';
/** The renderer's button, for the same look on the pages around a form. */
export { RendererButton } from './renderer-button';

/**
 * Performance marks read by `bench/form-render.ts`. Every field mounts in the first commit, so `complete` (all
 * fields in the DOM) ends where `mount` does; the bench checks that against the DOM itself.
 */
export const MOUNT_MARKS = {
  start: 'under-form:mount-start',
  end: 'under-form:mount-end',
  measure: 'under-form:mount',
  complete: 'under-form:complete',
};

const formIds = new WeakMap<FormDefinition, number>();
let nextFormId = 1;

/**
 * Renders a form definition on Mantine inputs. The same `validateSubmission` as the server checks it on submit;
 * conditions and calculations follow the values live, per field. A new `form` object starts a fresh form.
 */
export function FormRenderer(props: FormRendererProps) {
  let id = formIds.get(props.form);
  if (id === undefined) {
    id = nextFormId++;
    formIds.set(props.form, id);
  }
  return <FormRendererInner key={id} {...props} />;
}

function FormRendererInner({
  form,
  data,
  role,
  ownerSection,
  startPage = 0,
  previousData,
  onSubmit,
  onInvalid,
  upload,
  readOnly = false,
  submitLabel = 'Submit',
  onChange,
  beforeSubmit,
  unsubmitted = false,
  initialPage,
  onPageChange,
  headerColor,
  headerTextColor,
  progressColor,
  stepColor,
}: FormRendererProps) {
  const [setup] = useState(() => {
    performance.mark(MOUNT_MARKS.start);
    const values: Record<string, unknown> = { ...getDefaultData(form), ...data };
    const store = createFormStore(form, values);
    Object.assign(values, store.update(values));
    return { store, values };
  });
  const { store } = setup;
  const [methods] = useState(() => createFormValues(setup.values));
  const { getValues, setValue, watch } = methods;
  useState(() => store.syncValues(getValues()));
  const idPrefix = `uf${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const submitted = useRef(false);
  const [showSummary, setShowSummary] = useState(false);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const pendingFocus = useRef<string | undefined>(undefined);

  const isWizard = form.display === 'wizard';
  const pages = useMemo(() => (isWizard ? form.components : []), [form, isWizard]);
  // The page of each field by its data path (`owners.ssn`, never just `ssn`: keys repeat across grids and
  // containers, decision 028), so an error lands on the page of its own field.
  const pageOfPath = useMemo(() => {
    const map = new Map<string, number>();
    pages.forEach((page, i) => {
      for (const path of mapDataPaths([page], () => true).keys()) map.set(path, i);
    });
    return map;
  }, [pages]);
  // Data paths no applicant can see or fill (hidden components, or inside a `hidden: true` container): a page's
  // "Next" never waits on them, whatever the engine says about them.
  const unshownPaths = useMemo(
    () =>
      new Set(
        mapDataPaths(form.components, (component, ancestors) =>
          component.type === 'hidden' || component.hidden === true || ancestors.some((a) => a.hidden === true)
            ? true
            : undefined,
        ).keys(),
      ),
    [form],
  );
  const [page, setPage] = useState(() => {
    const at = initialPage ? pages.findIndex((p) => p.key === initialPage) : -1;
    if (at >= 0 && store.isVisible(store.indexOf(pages[at] as FormComponent))) return at;
    // no page to resume on: an additional owner's own section (decision 059), else the first page
    return Number.isInteger(startPage) && startPage > 0 && startPage < pages.length ? startPage : 0;
  });
  // the page shown, told to the page around the form once it changes (not for the page it opened on)
  const shownPage = useRef(page);
  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    const key = pages[page]?.key;
    if (key) onPageChangeRef.current?.(key);
  }, [page, pages]);
  // A page changed by Next, Previous or a step: focus goes to the "Step n of m" line (not when an error's field is
  // focused instead: that sets the page itself).
  const stepRef = useRef<HTMLParagraphElement>(null);
  const focusStep = useRef(false);
  const turnTo = (next: number) => {
    focusStep.current = next !== page;
    setPage(next);
  };
  // after every render (a cheap check): the render that shows the new page moves the focus once
  useEffect(() => {
    if (!focusStep.current) return;
    focusStep.current = false;
    stepRef.current?.focus();
  });
  // Wizard pages whose "Next" was pressed: their errors follow the values from then on (before any full submit).
  const checkedPages = useRef(new Set<number>());

  useLayoutEffect(() => {
    performance.mark(MOUNT_MARKS.end);
    try {
      performance.measure(MOUNT_MARKS.measure, MOUNT_MARKS.start, MOUNT_MARKS.end);
      performance.measure(MOUNT_MARKS.complete, MOUNT_MARKS.start, MOUNT_MARKS.end);
    } catch {
      // A second mount in StrictMode finds its start mark cleared; the first measure stands.
    }
  }, []);

  const errorsOfPages = useCallback(
    (errors: readonly SubmissionError[], wanted: ReadonlySet<number>) =>
      errors.filter((error) => {
        const onPage = lookupPath(pageOfPath, error.path);
        return onPage !== undefined && wanted.has(onPage) && !underAny(unshownPaths, error.path);
      }),
    [pageOfPath, unshownPaths],
  );

  const validateNow = useCallback(
    () =>
      validateSubmission(form, getValues(), {
        role,
        previousData,
        ...(unsubmitted ? { unsubmitted } : {}),
        ...(ownerSection === undefined ? {} : { ownerSection }),
      }),
    [form, getValues, role, previousData, unsubmitted, ownerSection],
  );

  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    let writing = false;
    const subscription = watch((values) => {
      if (writing) return;
      const calculated = store.update(values as Record<string, unknown>);
      writing = true;
      for (const [key, value] of Object.entries(calculated)) setValue(key, value);
      writing = false;
      // The fields whose value changed (the one typed in, calculated ones) re-render; no other.
      const current = getValues();
      store.syncValues(current);
      onChangeRef.current?.(current);
      // After a first submit, errors follow the values so they clear as the user fixes them; before it, only the
      // errors of the wizard pages whose "Next" was pressed do.
      if (submitted.current) store.setErrors(validateNow().errors);
      else if (checkedPages.current.size > 0)
        store.setErrors(errorsOfPages(validateNow().errors, checkedPages.current));
    });
    return () => subscription.unsubscribe();
  }, [watch, setValue, getValues, store, validateNow, errorsOfPages]);

  const focusById = useCallback((targetId: string, tries = 30) => {
    const el = document.getElementById(targetId);
    if (!el) {
      // A wizard page that was just picked may not be committed yet: try again on the next frames.
      if (tries > 0) requestAnimationFrame(() => focusById(targetId, tries - 1));
      return false;
    }
    el.focus();
    el.scrollIntoView?.({ block: 'center' });
    return true;
  }, []);

  useEffect(() => {
    if (pendingFocus.current) {
      focusById(pendingFocus.current);
      pendingFocus.current = undefined;
    }
  });

  const targetOf = useCallback(
    (error: SubmissionError) => {
      const key = errorRoot(error.path);
      const base = fieldId(idPrefix, key);
      const part = error.path.slice(key.length).match(/^\.(\w+)/)?.[1];
      if (part && document.getElementById(`${base}-${part}`)) return `${base}-${part}`;
      // A field inside a container or grid row (`owners[2].ssn`), when its row is shown.
      const nested = scopedFieldId(idPrefix, error.path);
      return nested && document.getElementById(nested) ? nested : base;
    },
    [idPrefix],
  );

  const pick = useCallback(
    (error: SubmissionError) => {
      const target = targetOf(error);
      const onPage = lookupPath(pageOfPath, error.path);
      if (isWizard && onPage !== undefined && onPage !== page) {
        pendingFocus.current = target;
        setPage(onPage);
      } else {
        focusById(target);
      }
    },
    [targetOf, pageOfPath, isWizard, page, focusById],
  );

  const visiblePages = () =>
    pages.map((_, i) => i).filter((i) => store.isVisible(store.indexOf(pages[i] as FormComponent)));
  const go = (direction: 1 | -1) => {
    const list = visiblePages();
    const at = list.indexOf(page);
    const next = list[Math.min(Math.max(at + direction, 0), list.length - 1)];
    if (next !== undefined) turnTo(next);
    window.scrollTo?.({ top: 0 });
  };

  const list = isWizard ? visiblePages() : [];
  const isLast = !isWizard || list.at(-1) === page;

  /**
   * A wizard's "Next": checks the current page only. Its problems show at its fields (the summary of the whole form
   * waits for the last page's Submit) and focus moves to the first; with none, the next page opens. Never submits.
   */
  const next = () => {
    const all = validateNow().errors;
    const errors = errorsOfPages(all, new Set([page]));
    checkedPages.current.add(page);
    // Errors of pages already checked stay shown (after a full submit, the full list does); this page's are fresh.
    store.setErrors(submitted.current ? all : errorsOfPages(all, checkedPages.current));
    if (errors.length > 0) {
      setShowSummary(false);
      focusById(targetOf(errors[0] as SubmissionError));
      return;
    }
    go(1);
  };

  // Enter in a one-line field of a middle page goes to the next page (checking this one), whatever the browser's
  // implicit submission would do (it submits a form with one such field and ignores Enter in one with several).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || isLast || readOnly || event.nativeEvent.isComposing) return;
    const target = event.target as HTMLElement;
    if (
      target.tagName !== 'INPUT' ||
      ['checkbox', 'radio', 'file', 'button', 'submit'].includes((target as HTMLInputElement).type)
    )
      return;
    event.preventDefault();
    next();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    // Enter in a field of a middle page (or a submit button placed on one) goes to the next page, never submits.
    if (!isLast) {
      next();
      return;
    }
    const result = validateNow();
    submitted.current = true;
    store.setErrors(result.errors);
    if (!result.valid) {
      setShowSummary(true);
      // Focus moves to the summary so keyboard and screen reader users land on the list of problems.
      const focusSummary = (tries: number) => {
        if (summaryRef.current) summaryRef.current.focus();
        else if (tries > 0) requestAnimationFrame(() => focusSummary(tries - 1));
      };
      requestAnimationFrame(() => focusSummary(60));
      onInvalid?.(result);
      return;
    }
    setShowSummary(false);
    setBusy(true);
    try {
      await onSubmit?.(result.data, result);
    } finally {
      setBusy(false);
    }
  };

  const setFieldValue = useCallback((key: string, value: unknown) => setValue(key, value), [setValue]);
  const context = useMemo<RendererContextValue>(
    () => ({ store, setFieldValue, role, ownerSection, readOnly, upload, idPrefix, unsubmitted }),
    [store, setFieldValue, role, ownerSection, readOnly, upload, idPrefix, unsubmitted],
  );

  const hasSubmitButton = useMemo(() => {
    let found = false;
    walkComponents(form.components, ({ component }) => {
      if (component.type === 'button' && (component.action ?? 'submit') === 'submit') found = true;
    });
    return found;
  }, [form]);

  const current = pages[page];

  return (
    <RendererContext.Provider value={context}>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        onKeyDown={onKeyDown}
        aria-label={form.title || 'Application form'}
        // Mantine's default error red is 3.5:1 on white; red 9 meets WCAG AA for the small error texts.
        style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' } as React.CSSProperties}
      >
        <div className={classes.stack}>
          {isWizard ? (
            <WizardHeader
              title={form.title}
              pages={list.map((i) => {
                const p = pages[i] as FormComponent;
                return { key: p.key, title: (p.type === 'panel' && p.title) || p.label || `Page ${i + 1}` };
              })}
              current={Math.max(list.indexOf(page), 0)}
              onPick={(i) => turnTo(list[i] ?? 0)}
              stepRef={stepRef}
              headerColor={headerColor}
              headerTextColor={headerTextColor}
              progressColor={progressColor}
              stepColor={stepColor}
            />
          ) : null}
          {showSummary ? <ErrorSummaryBlock ref={summaryRef} hrefOf={targetOf} onPick={pick} /> : null}
          {isWizard ? (
            current && current.type === 'panel' ? (
              <FormNodes key={current.key} components={current.components} />
            ) : null
          ) : (
            <FormNodes components={form.components} />
          )}
          {isLast && !readOnly ? beforeSubmit : null}
          {readOnly ? null : isWizard ? (
            <div className={classes.actions}>
              <Button variant="default" onClick={() => go(-1)} disabled={list[0] === page}>
                Previous
              </Button>
              {/* distinct keys: were Next re-rendered as the submit button during its own click, the browser would
                  submit the form the moment the last page appears */}
              {isLast ? (
                <Button key="submit" type="submit" loading={busy}>
                  {submitLabel}
                </Button>
              ) : (
                <Button key="next" onClick={next}>
                  Next
                </Button>
              )}
            </div>
          ) : hasSubmitButton ? null : (
            <div>
              <Button type="submit" loading={busy}>
                {submitLabel}
              </Button>
            </div>
          )}
        </div>
      </Box>
    </RendererContext.Provider>
  );
}
