import { DndContext, DragOverlay } from '@dnd-kit/core';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import type { FieldType } from '@under/core/forms/field-types';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import type { FormIssue } from '@under/core/forms/form-checks';
import { FORM_SCHEMA_VERSION } from '@under/core/forms/form-migrate';
import { checkSystemFields, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { UI_TEXT } from '@under/core/ui-text';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormRenderer } from '../components/form-renderer';
import { readableAlert } from '../lib/alert-styles';
import classes from './builder.module.css';
import { ContainerList } from './builder-canvas';
import { followLabel, placeForNew, withDisplay, withSystemFields } from './builder-edits';
import { BuilderPalette } from './builder-palette';
import { BuilderToolbar } from './builder-toolbar';
import {
  allKeys,
  dataFields,
  duplicateComponent,
  findComponent,
  idAfterMove,
  insertComponent,
  moveBy,
  moveComponent,
  ROOT,
  removeComponent,
  renamedId,
  scopeKeys,
  uniqueKey,
  updateComponent,
} from './builder-tree';
import { CanvasPreviewProvider } from './canvas-preview';
import { EditPanel } from './edit-panel';
import { ExportDialog, ImportDialog, IssueList } from './json-dialogs';
import { createComponent, keyStem } from './palette';
import { useBuilderDrag } from './use-builder-drag';
import { useHistory, useUndoKeys } from './use-history';

interface FormBuilderProps {
  value: FormDefinition | undefined;
  onChange?: (next: FormDefinition) => void;
  /** Called with the form when Save is pressed; Save stays disabled while `problems` is not empty. */
  onSave?: (form: FormDefinition) => void | Promise<void>;
  /** Master and custom forms must carry the system fields (spec 1 §3); a section may not. Default true. */
  requireSystemFields?: boolean;
  /**
   * Problems found outside the builder with components' keys (the server's 400 by path, e.g. a custom form's key
   * that clashes with its master form), by component key: shown at the component and in its key input.
   */
  keyErrors?: ReadonlyMap<string, string>;
}

const EMPTY_FORM: FormDefinition = { version: FORM_SCHEMA_VERSION, display: 'form', components: [] };

/** What stops a save: schema and rule problems (duplicate keys included) and missing system fields, by path. */
export function getSaveProblems(form: FormDefinition, requireSystemFields: boolean): FormIssue[] {
  const parsed = parseFormDefinition(form);
  const problems = parsed.ok ? [] : [...parsed.errors];
  if (requireSystemFields) problems.push(...checkSystemFields(form));
  return problems;
}

/**
 * The form builder: a palette, a canvas where fields are dragged (mouse or keyboard) into pages, panels, fieldsets
 * and columns, an edit panel for every attribute, undo and redo, preview in the renderer, JSON import and export.
 */
export function FormBuilder({ value, onChange, onSave, requireSystemFields = true, keyErrors }: FormBuilderProps) {
  const history = useHistory<FormDefinition>(value ?? EMPTY_FORM);
  const form = history.present;
  const [selected, setSelected] = useState<string>();
  const [mode, setMode] = useState<'edit' | 'preview'>('edit');
  const [dialog, setDialog] = useState<'import' | 'export'>();
  const [warnings, setWarnings] = useState<FormIssue[]>([]);
  const [saving, setSaving] = useState(false);
  // Keys that follow their field's label: fields added in this session whose key was not typed by hand. Keys of
  // fields that came with the form never move by themselves (submissions and PDF mappings refer to them). A key
  // stays in the set when it follows a label, so undo brings back a key that still follows.
  const [autoKeys, setAutoKeys] = useState<ReadonlySet<string>>(() => new Set());
  const addAutoKey = useCallback((key: string) => setAutoKeys((set) => new Set(set).add(key)), []);
  // Edits of one attribute of one selected field coalesce into one undo step, even while its key follows the label.
  const selection = useRef(0);
  const select = useCallback((key: string | undefined) => {
    selection.current++;
    setSelected(key);
  }, []);
  const emitted = useRef<FormDefinition | undefined>(value);

  // A new form from outside starts a new history; our own changes coming back do not.
  useEffect(() => {
    if (value && value !== emitted.current) {
      emitted.current = value;
      history.reset(value);
    }
  }, [value, history.reset]);

  useEffect(() => {
    if (form !== emitted.current) {
      emitted.current = form;
      onChange?.(form);
    }
  }, [form, onChange]);

  const deferred = useDeferredValue(form);
  // Problems show once the user pressed Save or changed the form, never on the untouched opening state (an empty
  // new form would otherwise greet the user with the system fields it lacks).
  const [saveTried, setSaveTried] = useState(false);
  const problemsRef = useRef<HTMLDivElement>(null);
  const showProblems = saveTried || history.canUndo;
  const problems = useMemo(() => getSaveProblems(deferred, requireSystemFields), [deferred, requireSystemFields]);
  const keys = useMemo(() => allKeys(form), [form]);
  const fields = useMemo(() => dataFields(form), [form]);
  const selectedComponent = selected ? findComponent(form, selected) : undefined;
  // A key need only be unique within its scope: the submission, or the grid or container around it (decision 028).
  const selectedScopeKeys = useMemo(() => (selected ? scopeKeys(form, selected) : keys), [form, selected, keys]);

  const commit = history.set;

  const add = useCallback(
    (type: FieldType, container?: string, index?: number) => {
      const key = uniqueKey(allKeys(form), keyStem(type));
      const component = createComponent(type, key);
      const { container: target, index: at } =
        container === undefined ? placeForNew(form, selected, type) : { container, index: index ?? 0 };
      commit(insertComponent(form, target, at, component));
      const id = idAfterMove(form, target, key) ?? key;
      addAutoKey(id);
      select(id);
    },
    [form, selected, commit, addAutoKey, select],
  );

  const actions = useMemo(
    () => ({
      selected,
      select,
      moveBy: (key: string, delta: -1 | 1) => commit(moveBy(form, key, delta)),
      duplicate: (key: string) => {
        const result = duplicateComponent(form, key);
        commit(result.form);
        if (result.key) {
          addAutoKey(result.key);
          select(result.key);
        }
      },
      remove: (key: string) => {
        commit(removeComponent(form, key));
        if (selected === key) select(undefined);
      },
      keyError: (key: string) => keyErrors?.get(key),
    }),
    [form, selected, commit, addAutoKey, select, keyErrors],
  );

  const drag = useBuilderDrag(form, ({ newType, moving, place }) => {
    if (newType) add(newType, place.container, place.index);
    else if (moving) {
      const next = moveComponent(form, moving, place.container, place.index);
      commit(next);
      // Moving into or out of a grid or container changes the id (its scope); the selection follows.
      const key = findComponent(form, moving)?.key;
      const id = key === undefined ? undefined : idAfterMove(form, place.container, key);
      if (next !== form && selected === moving && id && id !== moving) {
        setAutoKeys((set) => (set.has(moving) ? new Set([...set].filter((k) => k !== moving)).add(id) : set));
        setSelected(id);
      }
    }
  });

  const undo = useCallback(() => history.undo(), [history.undo]);
  const redo = useCallback(() => history.redo(), [history.redo]);

  useUndoKeys(undo, redo, mode === 'edit');

  const missingSystem = SYSTEM_FIELDS.filter((f) => !keys.has(f.key));
  const addSystemFields = () => commit(withSystemFields(form, missingSystem));

  const setDisplay = (display: 'form' | 'wizard') => {
    if (display !== form.display) commit(withDisplay(form, display, keys));
  };

  const save = async () => {
    if (!onSave) return;
    if (problems.length > 0) {
      // Pressing Save is when the problems are worth showing, even before any edit; focus goes to them.
      setSaveTried(true);
      requestAnimationFrame(() => problemsRef.current?.focus());
      return;
    }
    setSaving(true);
    try {
      await onSave(form);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" data-testid="form-builder">
      <BuilderToolbar
        display={form.display}
        onDisplay={setDisplay}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onUndo={undo}
        onRedo={redo}
        missingSystemFields={requireSystemFields ? missingSystem.length : 0}
        onAddSystemFields={addSystemFields}
        mode={mode}
        onMode={setMode}
        onDialog={setDialog}
        onSave={onSave ? () => void save() : undefined}
        saving={saving}
        problems={problems}
        showProblems={showProblems}
        problemsRef={problemsRef}
        isReady={problems.length === 0 && deferred.components.length > 0}
        warnings={warnings}
        onCloseWarnings={() => setWarnings([])}
      />

      {mode === 'preview' ? (
        <Paper withBorder radius="md" p="lg" aria-label={UI_TEXT.builderModePreview}>
          {problems.some((p) => p.code !== 'systemField') ? (
            <Alert styles={readableAlert} color="red" title={UI_TEXT.builderFixToPreview}>
              <IssueList issues={problems.filter((p) => p.code !== 'systemField')} />
            </Alert>
          ) : (
            <FormRenderer form={form} />
          )}
        </Paper>
      ) : (
        <DndContext
          sensors={drag.sensors}
          collisionDetection={drag.collisionDetection}
          onDragStart={drag.onDragStart}
          onDragEnd={drag.onDragEnd}
          onDragCancel={drag.onDragCancel}
        >
          <div className={classes.layout}>
            <BuilderPalette onAdd={(type) => add(type)} />
            <div className={classes.canvas}>
              <CanvasPreviewProvider form={deferred}>
                <ContainerList
                  container={ROOT}
                  label={form.display === 'wizard' ? UI_TEXT.builderPages : UI_TEXT.builderForm}
                  components={form.components}
                  actions={actions}
                />
              </CanvasPreviewProvider>
            </div>
            <Paper
              withBorder
              radius="md"
              p="md"
              className={classes.side}
              component="aside"
              aria-label={UI_TEXT.builderSettings}
            >
              {selectedComponent ? (
                <EditPanel
                  component={selectedComponent}
                  id={selected}
                  keys={selectedScopeKeys}
                  scoped={selected?.includes('.')}
                  fields={fields}
                  keyFollowsLabel={selected !== undefined && autoKeys.has(selected)}
                  keyError={keyErrors?.get(selectedComponent.key)}
                  onChange={(next, attribute) => {
                    const id = selected ?? selectedComponent.key;
                    const edited = followLabel(selectedComponent, next, attribute, autoKeys.has(id), selectedScopeKeys);
                    commit(updateComponent(form, id, edited), `${selection.current}:${attribute}`);
                    if (edited.key !== selectedComponent.key) {
                      const nextId = renamedId(id, edited.key);
                      addAutoKey(nextId);
                      setSelected(nextId);
                    }
                  }}
                  onRename={(next) => {
                    const id = selected ?? selectedComponent.key;
                    const nextId = renamedId(id, next.key);
                    commit(updateComponent(form, id, next));
                    // A key typed by hand stops following the label.
                    setAutoKeys((set) => {
                      const rest = new Set(set);
                      rest.delete(id);
                      rest.delete(nextId);
                      return rest;
                    });
                    setSelected(nextId);
                  }}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {UI_TEXT.builderHelp}
                </Text>
              )}
            </Paper>
          </div>
          <DragOverlay>
            {drag.draggingLabel ? (
              <Paper shadow="md" p="xs" withBorder>
                {drag.draggingLabel}
              </Paper>
            ) : null}
          </DragOverlay>
        </DndContext>
      )}

      <ImportDialog
        opened={dialog === 'import'}
        onClose={() => setDialog(undefined)}
        onImport={(imported, importWarnings) => {
          commit(imported);
          setWarnings(importWarnings);
          select(undefined);
        }}
      />
      <ExportDialog opened={dialog === 'export'} onClose={() => setDialog(undefined)} form={form} />
    </Stack>
  );
}
