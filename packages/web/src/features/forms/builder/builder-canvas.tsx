import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { FormComponent } from '@under/core/forms/form.schema';
import classes from './builder.module.css';
import { columnContainer } from './builder-tree';

export const ITEM = 'item:';
export const CONTAINER = 'container:';

export interface CanvasActions {
  selected: string | undefined;
  select: (key: string) => void;
  moveBy: (key: string, delta: -1 | 1) => void;
  duplicate: (key: string) => void;
  remove: (key: string) => void;
}

/** One list of components the user can drop into and reorder (the form, a page, a panel, a fieldset, a column). */
export function ContainerList({
  container,
  label,
  components,
  actions,
}: {
  container: string;
  label: string;
  components: readonly FormComponent[];
  actions: CanvasActions;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `${CONTAINER}${container}` });
  return (
    <SortableContext
      id={container}
      items={components.map((c) => `${ITEM}${c.key}`)}
      strategy={verticalListSortingStrategy}
    >
      <section
        ref={setNodeRef}
        aria-label={label}
        className={isOver ? `${classes.container} ${classes.containerOver}` : classes.container}
      >
        {components.length === 0 ? <div className={classes.empty}>Drop fields here</div> : null}
        {components.map((component, i) => (
          <CanvasItem
            key={component.key}
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

function CanvasItem({
  component,
  container,
  first,
  last,
  actions,
}: {
  component: FormComponent;
  container: string;
  first: boolean;
  last: boolean;
  actions: CanvasActions;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: `${ITEM}${component.key}`,
    data: { container },
  });
  const name = component.label || component.key;
  const selected = actions.selected === component.key;
  const className = [classes.item, selected ? classes.itemSelected : '', isDragging ? classes.itemDragging : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      ref={setNodeRef}
      className={className}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`canvas-${component.key}`}
    >
      <div className={classes.itemHeader}>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
        >
          ⠿
        </button>
        <button
          type="button"
          className={classes.itemTitle}
          onClick={() => actions.select(component.key)}
          aria-pressed={selected}
        >
          <Group gap={8} wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {name}
              {component.validate?.required ? ' *' : ''}
            </Text>
            <Badge size="xs" variant="light" color="gray">
              {component.type}
            </Badge>
            {component.conditional ? (
              <Badge size="xs" variant="light" color="grape">
                conditional
              </Badge>
            ) : null}
            <Text size="xs" c="gray.7" ff="monospace" truncate>
              {component.key}
            </Text>
          </Group>
        </button>
        <Group gap={2} wrap="nowrap">
          <Tooltip label="Move up" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} up`}
              disabled={first}
              onClick={() => actions.moveBy(component.key, -1)}
            >
              ↑
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Move ${name} down`}
              disabled={last}
              onClick={() => actions.moveBy(component.key, 1)}
            >
              ↓
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Duplicate" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Duplicate ${name}`}
              onClick={() => actions.duplicate(component.key)}
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
          <Tooltip label="Delete" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${name}`}
              onClick={() => actions.remove(component.key)}
            >
              ✕
            </ActionIcon>
          </Tooltip>
        </Group>
      </div>
      {component.type === 'panel' || component.type === 'fieldset' ? (
        <div className={classes.children}>
          <ContainerList
            container={component.key}
            label={`Inside ${name}`}
            components={component.components}
            actions={actions}
          />
        </div>
      ) : null}
      {component.type === 'columns' ? (
        <div className={`${classes.children} ${classes.columnsRow}`}>
          {component.columns.map((column, i) => (
            <ContainerList
              // biome-ignore lint/suspicious/noArrayIndexKey: a column is identified by its position
              key={i}
              container={columnContainer(component.key, i)}
              label={`${name}, column ${i + 1}`}
              components={column.components}
              actions={actions}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
