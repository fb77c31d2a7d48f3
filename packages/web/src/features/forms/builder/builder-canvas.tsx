import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import { UI_TEXT } from '@under/core/ui-text';
import rendererClasses from '../components/renderer.module.css';
import classes from './builder.module.css';
import { cellContainer, columnContainer, idIn, isGroup, ownsScope, scopeOf } from './builder-tree';
import { CanvasField } from './canvas-preview';
import { PALETTE } from './palette';

export const ITEM = 'item:';
export const CONTAINER = 'container:';

interface CanvasActions {
  selected: string | undefined;
  select: (key: string) => void;
  moveBy: (key: string, delta: -1 | 1) => void;
  duplicate: (key: string) => void;
  remove: (key: string) => void;
  /** A problem the server found with this component's key (by path), shown at the component. */
  keyError?: (key: string) => string | undefined;
}

/**
 * One list of components the user can drop into and reorder (the form, a page, a panel, a fieldset, a column, a
 * container's or grid's fields, a tab, a table cell). `scope` is the id prefix of its components (see builder-tree).
 */
export function ContainerList({
  container,
  scope = '',
  label,
  components,
  actions,
}: {
  container: string;
  scope?: string;
  label: string;
  components: readonly FormComponent[];
  actions: CanvasActions;
}) {
  const { setNodeRef, isOver } = useDroppable({
    id: `${CONTAINER}${container}`,
    data: { empty: components.length === 0 },
  });
  return (
    <SortableContext
      id={container}
      items={components.map((c) => `${ITEM}${idIn(scope, c.key)}`)}
      strategy={verticalListSortingStrategy}
    >
      <section
        ref={setNodeRef}
        aria-label={label}
        data-container={container}
        // An empty list is a stop for keyboard moves (see `keyboardCoordinatesFor`).
        data-stop={components.length === 0 ? `${CONTAINER}${container}` : undefined}
        className={isOver ? `${classes.container} ${classes.containerOver}` : classes.container}
      >
        {components.length === 0 ? <div className={classes.empty}>{UI_TEXT.builderDropHere}</div> : null}
        {components.map((component, i) => (
          <CanvasItem
            key={component.key}
            id={idIn(scope, component.key)}
            component={component}
            container={container}
            first={i === 0}
            last={i === components.length - 1}
            actions={actions}
          />
        ))}
      </section>
    </SortableContext>
  );
}

/**
 * One component on the canvas: a frame with its tools (drag handle, edit, move, duplicate, delete) around the
 * component drawn by the renderer's own field components, inert, as the applicant will see it. Layouts draw their
 * title and hold their own drop lists.
 */
function CanvasItem({
  id,
  component,
  container,
  first,
  last,
  actions,
}: {
  id: string;
  component: FormComponent;
  container: string;
  first: boolean;
  last: boolean;
  actions: CanvasActions;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: `${ITEM}${id}`,
    data: { container, type: component.type },
  });
  const name = component.label || component.key;
  const selected = actions.selected === id;
  const className = [
    classes.item,
    isGroup(component) ? classes.itemLayout : '',
    selected ? classes.itemSelected : '',
    isDragging ? classes.itemDragging : '',
  ]
    .filter(Boolean)
    .join(' ');
  const typeLabel = PALETTE.find((p) => p.type === component.type)?.label ?? component.type;
  const keyError = actions.keyError?.(component.key);
  return (
    <div
      ref={setNodeRef}
      className={className}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`canvas-${id}`}
      data-key={id}
      data-stop={`${ITEM}${id}`}
      data-parent={container}
      data-type={component.type}
      data-selected={selected || undefined}
      data-invalid={keyError ? true : undefined}
    >
      <div className={classes.itemBar}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={UI_TEXT.builderDrag(name)}
        >
          ⠿
        </button>
        <Group gap={6} wrap="nowrap" className={classes.itemMeta}>
          <Text size="xs" c="gray.7" truncate>
            {typeLabel}
          </Text>
          <Text size="xs" c="gray.7" ff="monospace" truncate>
            {component.key}
          </Text>
          {component.conditional ? (
            <Badge size="xs" variant="light" color="grape" tt="none">
              {UI_TEXT.builderConditional}
            </Badge>
          ) : null}
          {component.hidden === true || component.type === 'hidden' ? (
            <Badge size="xs" variant="light" color="gray" tt="none">
              {UI_TEXT.builderHidden}
            </Badge>
          ) : null}
        </Group>
        <Group gap={2} wrap="nowrap">
          <Tooltip label={UI_TEXT.builderEditTip} openDelay={400}>
            <ActionIcon
              variant={selected ? 'light' : 'subtle'}
              color="brand"
              aria-label={UI_TEXT.builderEdit(name)}
              aria-pressed={selected}
              onClick={() => actions.select(id)}
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <path d="M12 20h9" />
                <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
              </svg>
            </ActionIcon>
          </Tooltip>
          <Tooltip label={UI_TEXT.builderMoveUpTip} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={UI_TEXT.builderMoveUp(name)}
              disabled={first}
              onClick={() => actions.moveBy(id, -1)}
            >
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label={UI_TEXT.builderMoveDownTip} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={UI_TEXT.builderMoveDown(name)}
              disabled={last}
              onClick={() => actions.moveBy(id, 1)}
            >
              ↓
            </ActionIcon>
          </Tooltip>
          <Tooltip label={UI_TEXT.builderDuplicateTip} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={UI_TEXT.builderDuplicate(name)}
              onClick={() => actions.duplicate(id)}
            >
              <svg
                width="14"
                height="14"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden="true"
              >
                <rect x="9" y="9" width="12" height="12" rx="2" />
                <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
              </svg>
            </ActionIcon>
          </Tooltip>
          <Tooltip label={UI_TEXT.builderDeleteTip} openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={UI_TEXT.builderDelete(name)}
              onClick={() => actions.remove(id)}
            >
              ✕
            </ActionIcon>
          </Tooltip>
        </Group>
      </div>
      {keyError ? (
        <Text size="xs" c="red.8" fw={500} px="xs" data-testid={`key-error-${component.key}`}>
          {`${component.key}: ${keyError}`}
        </Text>
      ) : null}
      {isGroup(component) ? (
        <LayoutBody id={id} component={component} name={name} actions={actions} />
      ) : (
        // A click anywhere on the drawn field selects it (the keyboard has the Edit button); the field itself is
        // inert: nothing in it can be focused, typed into or submitted.
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut for the Edit button beside it
        // biome-ignore lint/a11y/useKeyWithClickEvents: the Edit button is the keyboard's way to the same action
        <div className={classes.preview} onClick={() => actions.select(id)}>
          <div inert className={classes.previewField}>
            {component.type === 'hidden' ? (
              <Text size="sm" c="gray.7">
                {UI_TEXT.builderHiddenField(name)}
              </Text>
            ) : (
              <CanvasField component={component} />
            )}
          </div>
        </div>
      )}
    </div>
  );
}

function LayoutBody({
  id,
  component,
  name,
  actions,
}: {
  id: string;
  component: FormComponent;
  name: string;
  actions: CanvasActions;
}) {
  // The children of a container or grid are keyed within it; layouts keep their parent's scope.
  const scope = scopeOf(id);
  const childScope = ownsScope(component) ? id : scope;
  if (component.type === 'columns') {
    return (
      <div className={`${classes.children} ${classes.columnsRow}`}>
        {component.columns.map((column, i) => (
          <ContainerList
            // biome-ignore lint/suspicious/noArrayIndexKey: a column is identified by its position
            key={i}
            container={columnContainer(id, i)}
            scope={scope}
            label={UI_TEXT.builderColumn(name, i + 1)}
            components={column.components}
            actions={actions}
          />
        ))}
      </div>
    );
  }
  if (component.type === 'tabs') {
    return (
      <div className={classes.children}>
        {component.components.map((tab, i) => (
          <div key={tab.key}>
            <div className={rendererClasses.panelTitle}>{tab.label || tab.key}</div>
            <ContainerList
              container={columnContainer(id, i)}
              scope={scope}
              label={UI_TEXT.builderTab(name, tab.label || tab.key)}
              components={tab.components}
              actions={actions}
            />
          </div>
        ))}
      </div>
    );
  }
  if (component.type === 'table') {
    return (
      <div className={classes.children}>
        {component.rows.map((row, r) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a table row is identified by its position
          <div key={r} className={classes.columnsRow}>
            {row.map((cell, c) => (
              <ContainerList
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is identified by its position
                key={c}
                container={cellContainer(id, r, c)}
                scope={scope}
                label={UI_TEXT.builderCell(name, r + 1, c + 1)}
                components={cell.components}
                actions={actions}
              />
            ))}
          </div>
        ))}
      </div>
    );
  }
  if (!('components' in component)) return null;
  const title =
    component.type === 'panel'
      ? component.title || component.label
      : component.type === 'fieldset'
        ? component.legend || component.label
        : component.label;
  return (
    <div className={classes.children}>
      {title ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut for the Edit button above it
        // biome-ignore lint/a11y/useKeyWithClickEvents: the Edit button is the keyboard's way to the same action
        <div className={rendererClasses.panelTitle} onClick={() => actions.select(id)}>
          {title}
        </div>
      ) : null}
      <ContainerList
        container={id}
        scope={childScope}
        label={UI_TEXT.builderInside(name)}
        components={component.components as readonly FormComponent[]}
        actions={actions}
      />
    </div>
  );
}
