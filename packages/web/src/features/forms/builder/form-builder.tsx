import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Badge, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { FieldType } from '@under/core/forms/field-types';
import type { FormComponent, FormDefinition, PanelComponent } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import type { FormIssue } from '@under/core/forms/form-checks';
import { FORM_SCHEMA_VERSION } from '@under/core/forms/form-migrate';
import { checkSystemFields, createSystemFieldComponent, SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { UI_TEXT } from '@under/core/ui-text';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormRenderer } from '../components/form-renderer';
import { readableAlert } from '../lib/alert-styles';
import classes from './builder.module.css';
import { CONTAINER, ContainerList, ITEM } from './builder-canvas';
import { BuilderPalette, PALETTE_ID } from './builder-palette';
import {
  allKeys,
  dataFields,
  duplicateComponent,
  findComponent,
  idAfterMove,
  insertComponent,
  listContainer,
  locate,
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
import { dropPlace } from './drop-place';
import { EditPanel } from './edit-panel';
import { ExportDialog, ImportDialog, IssueList } from './json-dialogs';
import { camelKey, freeName } from './key-from-label';
import { createComponent, keyStem, PALETTE } from './palette';
import { useHistory } from './use-history';

export interface FormBuilderProps {
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

/**
 * With the mouse: the innermost item or container under the pointer (so a drop lands inside a panel, not on the
 * form around it). With the keyboard: the stop the arrows reached.
 */
function collisionDetectionFor(keyboardTarget: { current: string | undefined }): CollisionDetection {
  return (args) => {
    const area = (id: string | number) => {
      const rect = args.droppableRects.get(id);
      return rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
    };
    const hits = pointerWithin(args).filter((hit) => hit.id !== args.active.id);
    if (hits.length > 0) return [...hits].sort((a, b) => area(a.id) - area(b.id)).slice(0, 1);
    const stop = args.droppableContainers.find((c) => c.id === keyboardTarget.current);
    if (stop) return [{ id: stop.id, data: { droppableContainer: stop, value: 0 } }];
    return closestCenter({
      ...args,
      droppableContainers: args.droppableContainers.filter((c) => String(c.id).startsWith(ITEM)),
    });
  };
}

/**
 * Arrow up and down move the dragged field to the previous or next stop in the canvas's document order: every
 * component and every empty list, whatever list it is in, so the keyboard also moves fields into and out of panels,
 * fieldsets and columns, and across pages. In a wizard a field never stops at a page's own frame (between pages):
 * from a page's last field, the next stop is the next page's first field (or its empty list). Document order and
 * fresh measurements, not the rectangles measured when the drag began: picking a field up may scroll the page.
 * The stop reached and the last direction are kept for the drop (see `dropPlace`).
 */
function keyboardCoordinatesFor(
  wizard: () => boolean,
  lastDirection: { current: 'up' | 'down' | undefined },
  keyboardTarget: { current: string | undefined },
) {
  const getter: KeyboardCoordinateGetter = (event, { context }) => {
    if (event.code !== 'ArrowUp' && event.code !== 'ArrowDown') return undefined;
    event.preventDefault();
    const { active, collisionRect } = context;
    if (!active || !collisionRect) return undefined;
    const up = event.code === 'ArrowUp';
    const fieldInWizard = wizard() && active.data.current?.type !== 'panel';
    const activeEl = document.querySelector<HTMLElement>(`[data-stop="${CSS.escape(String(active.id))}"]`);
    const stops = [...document.querySelectorAll<HTMLElement>('[data-stop]')].filter(
      (el) =>
        el !== activeEl &&
        !activeEl?.contains(el) &&
        !(fieldInWizard && el.dataset.parent === ROOT && el.dataset.stop?.startsWith(ITEM)),
    );
    const currentEl = keyboardTarget.current
      ? stops.find((el) => el.dataset.stop === keyboardTarget.current)
      : undefined;
    let next: HTMLElement | undefined;
    if (currentEl) next = stops[stops.indexOf(currentEl) + (up ? -1 : 1)];
    else if (activeEl) {
      const after = stops.findIndex((el) => activeEl.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
      const firstAfter = after < 0 ? stops.length : after;
      next = stops[up ? firstAfter - 1 : firstAfter];
    } else next = up ? stops.at(-1) : stops[0];
    if (!next) return undefined;
    keyboardTarget.current = next.dataset.stop;
    lastDirection.current = up ? 'up' : 'down';
    const from = (activeEl ?? (event.target as HTMLElement)).getBoundingClientRect().top;
    return { x: collisionRect.left, y: collisionRect.top + (next.getBoundingClientRect().top - from) };
  };
  return getter;
}

/** The vertical middles of a canvas list's own children, the one being moved left out. */
function middlesOf(container: string, moving: string | undefined): number[] {
  const list = document.querySelector(`[data-container="${CSS.escape(container)}"]`);
  if (!list) return [];
  return [...list.children]
    .filter((el) => el instanceof HTMLElement && el.dataset.key !== undefined && el.dataset.key !== moving)
    .map((el) => {
      const rect = el.getBoundingClientRect();
      return rect.top + rect.height / 2;
    });
}

/**
 * A label (or a page's title) typed into a field whose key follows it: the key becomes the label in camelCase,
 * unique in its scope (`legalName`, `legalName1`); an empty label gives the type's default key back.
 */
function followLabel(
  before: FormComponent,
  next: FormComponent,
  attribute: string,
  auto: boolean,
  keys: ReadonlySet<string>,
): FormComponent {
  const follows = attribute === 'label' || (attribute === 'title' && before.type === 'panel');
  if (!follows || !auto) return next;
  const text = attribute === 'title' && next.type === 'panel' ? (next.title ?? '') : (next.label ?? '');
  const taken = new Set(keys);
  taken.delete(before.key);
  const key = freeName(taken, camelKey(text) || keyStem(before.type));
  return key === next.key ? next : { ...next, key };
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
  const [dragging, setDragging] = useState<string>();
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
      let target = container;
      let at = index;
      if (target === undefined) {
        const current = selected ? findComponent(form, selected) : undefined;
        const place = selected ? locate(form, selected) : undefined;
        if (form.display === 'wizard' && type === 'panel') {
          // A new page of a wizard goes after the page that holds the selection (else last); dragging nests one.
          const pageIndex = selected
            ? form.components.findIndex(
                (page) =>
                  page.key === selected || findComponent({ ...form, components: [page] }, selected) !== undefined,
              )
            : -1;
          target = ROOT;
          at = pageIndex < 0 ? form.components.length : pageIndex + 1;
        } else if (current && selected && listContainer(form, selected)) {
          // Into the selected panel, fieldset, well, container or grid.
          target = selected;
          at = Number.MAX_SAFE_INTEGER;
        } else if (place) {
          target = place.container;
          at = place.index + 1;
        } else if (form.display === 'wizard' && type !== 'panel' && form.components.at(-1)?.type === 'panel') {
          // In a wizard, fields go on the last page.
          target = form.components.at(-1)?.key ?? ROOT;
          at = Number.MAX_SAFE_INTEGER;
        } else {
          target = ROOT;
          at = form.components.length;
        }
      }
      commit(insertComponent(form, target ?? ROOT, at ?? 0, component));
      const id = idAfterMove(form, target ?? ROOT, key) ?? key;
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

  const lastDirection = useRef<'up' | 'down' | undefined>(undefined);
  // Where the pointer is while dragging with the mouse: dnd-kit's delta also counts the page's scrolling, so after an
  // auto-scroll the activator's position plus the delta would place the drop too low.
  const pointerY = useRef<number | undefined>(undefined);
  const stopFollowing = useRef<(() => void) | undefined>(undefined);
  const followPointer = (start: Event | null) => {
    stopFollowing.current?.();
    pointerY.current = start && 'clientY' in start ? (start as PointerEvent).clientY : undefined;
    if (pointerY.current === undefined) return;
    const onMove = (e: PointerEvent) => {
      pointerY.current = e.clientY;
    };
    window.addEventListener('pointermove', onMove);
    stopFollowing.current = () => {
      window.removeEventListener('pointermove', onMove);
      stopFollowing.current = undefined;
    };
  };
  useEffect(() => () => stopFollowing.current?.(), []);
  const isWizard = useRef(false);
  isWizard.current = form.display === 'wizard';
  const keyboardTarget = useRef<string | undefined>(undefined);
  const keyboardCoordinates = useMemo(
    () => keyboardCoordinatesFor(() => isWizard.current, lastDirection, keyboardTarget),
    [],
  );
  const collisionDetection = useMemo(() => collisionDetectionFor(keyboardTarget), []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const onDragStart = (event: DragStartEvent) => {
    followPointer(event.activatorEvent);
    lastDirection.current = undefined;
    keyboardTarget.current = undefined;
    setDragging(String(event.active.id));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const y = pointerY.current;
    stopFollowing.current?.();
    setDragging(undefined);
    keyboardTarget.current = undefined;
    if (!over) return;
    const overId = String(over.id);
    const activeId = String(active.id);
    const moving = activeId.startsWith(ITEM) ? activeId.slice(ITEM.length) : undefined;
    const newType = activeId.startsWith(PALETTE_ID) ? (activeId.slice(PALETTE_ID.length) as FieldType) : undefined;
    if (!moving && !newType) return;
    if (moving && overId === `${ITEM}${moving}`) return;
    const target = overId.startsWith(CONTAINER)
      ? { container: overId.slice(CONTAINER.length) }
      : overId.startsWith(ITEM)
        ? { item: overId.slice(ITEM.length) }
        : undefined;
    if (!target) return;
    // A mouse drop goes where the pointer is; a keyboard drop where the arrows went.
    const pointer = y === undefined ? undefined : { y, middles: (container: string) => middlesOf(container, moving) };
    const isPanel = (newType ?? (moving ? findComponent(form, moving)?.type : undefined)) === 'panel';
    const place = dropPlace({ form, target, moving, isPanel, pointer, direction: lastDirection.current });
    if (!place) return;
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
  };

  const undo = useCallback(() => history.undo(), [history.undo]);
  const redo = useCallback(() => history.redo(), [history.redo]);

  // Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y), except while typing, where the input's own undo applies.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || mode !== 'edit') return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, mode]);

  const missingSystem = SYSTEM_FIELDS.filter((f) => !keys.has(f.key));
  const addSystemFields = () => {
    let next = form;
    const page = form.display === 'wizard' ? form.components.find((c) => c.type === 'panel') : undefined;
    for (const definition of missingSystem) {
      const component = createSystemFieldComponent(definition);
      next = insertComponent(next, page?.key ?? ROOT, Number.MAX_SAFE_INTEGER, component);
    }
    commit(next);
  };

  const setDisplay = (display: 'form' | 'wizard') => {
    if (display === form.display) return;
    if (display === 'wizard' && form.components.some((c) => c.type !== 'panel')) {
      // Loose top-level fields go onto a first page, so the wizard rule holds.
      const key = uniqueKey(keys, 'page');
      const loose = form.components.filter((c) => c.type !== 'panel');
      const pages = form.components.filter((c) => c.type === 'panel');
      const first = {
        ...(createComponent('panel', key) as PanelComponent),
        title: UI_TEXT.builderFirstPage,
        label: UI_TEXT.builderFirstPage,
        components: loose,
      };
      commit({ ...form, display, components: [first, ...pages] });
    } else commit({ ...form, display });
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

  const draggingLabel = dragging?.startsWith(PALETTE_ID)
    ? PALETTE.find((p) => p.type === dragging.slice(PALETTE_ID.length))?.label
    : dragging?.startsWith(ITEM)
      ? findComponent(form, dragging.slice(ITEM.length))?.label || dragging.slice(ITEM.length)
      : undefined;

  return (
    <Stack gap="md" data-testid="form-builder">
      <Paper withBorder radius="md" p="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              onClick={undo}
              disabled={!history.canUndo}
              title={UI_TEXT.builderUndoTip}
            >
              {UI_TEXT.builderUndo}
            </Button>
            <Button
              variant="default"
              size="xs"
              onClick={redo}
              disabled={!history.canRedo}
              title={UI_TEXT.builderRedoTip}
            >
              {UI_TEXT.builderRedo}
            </Button>
            <NativeSelect
              aria-label={UI_TEXT.builderDisplay}
              size="xs"
              value={form.display}
              onChange={(e) => setDisplay(e.currentTarget.value as 'form' | 'wizard')}
              data={[
                { value: 'form', label: UI_TEXT.builderDisplayForm },
                { value: 'wizard', label: UI_TEXT.builderDisplayWizard },
              ]}
            />
            {requireSystemFields && missingSystem.length > 0 ? (
              <Button variant="light" size="xs" onClick={addSystemFields}>
                {UI_TEXT.builderAddSystemFields(missingSystem.length)}
              </Button>
            ) : null}
          </Group>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              aria-label={UI_TEXT.builderMode}
              value={mode}
              onChange={(next) => setMode(next as 'edit' | 'preview')}
              data={[
                { value: 'edit', label: UI_TEXT.builderModeEdit },
                { value: 'preview', label: UI_TEXT.builderModePreview },
              ]}
            />
            <Button variant="default" size="xs" onClick={() => setDialog('import')}>
              {UI_TEXT.builderImportJson}
            </Button>
            <Button variant="default" size="xs" onClick={() => setDialog('export')}>
              {UI_TEXT.builderExportJson}
            </Button>
            {onSave ? (
              <Button size="xs" onClick={() => void save()} loading={saving}>
                {UI_TEXT.builderSave}
              </Button>
            ) : null}
          </Group>
        </Group>
        {problems.length > 0 && showProblems ? (
          <Alert
            ref={problemsRef}
            tabIndex={-1}
            styles={readableAlert}
            mt="sm"
            color="orange"
            variant="light"
            title={UI_TEXT.builderCannotSave(problems.length)}
            data-testid="save-problems"
          >
            <IssueList issues={problems} />
          </Alert>
        ) : problems.length === 0 && deferred.components.length > 0 ? (
          <Group mt="sm" gap={6}>
            <Badge color="green" variant="dot" tt="none" fw={500}>
              {UI_TEXT.builderReady}
            </Badge>
          </Group>
        ) : null}
        {warnings.length > 0 ? (
          <Alert
            styles={readableAlert}
            mt="sm"
            color="yellow"
            variant="light"
            title={UI_TEXT.builderRemovedOnImport}
            withCloseButton
            onClose={() => setWarnings([])}
          >
            <IssueList issues={warnings} />
          </Alert>
        ) : null}
      </Paper>

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
          sensors={sensors}
          collisionDetection={collisionDetection}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => {
            stopFollowing.current?.();
            keyboardTarget.current = undefined;
            setDragging(undefined);
          }}
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
            {draggingLabel ? (
              <Paper shadow="md" p="xs" withBorder>
                {draggingLabel}
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
