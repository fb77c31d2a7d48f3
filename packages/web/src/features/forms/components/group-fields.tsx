import type {
  ContainerComponent,
  DatagridComponent,
  EditgridComponent,
  FormComponent,
} from '@under/core/forms/form.schema';
import { MAX_GRID_ROWS } from '@under/core/forms/validate-submission';
import { GROUP_TEXT } from '@under/core/ui-text/form-groups';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';
import type { FormStore } from '../lib/form-store';
import { FormNodes } from './form-nodes';
import classes from './groups.module.css';
import { RendererButton } from './renderer-button';
import { RendererContext, type RendererContextValue, useFieldErrors, useRenderer } from './renderer-context';
import { createScopeStore, scopeIdPrefix } from './scope-store';

type Values = Record<string, unknown>;
const EMPTY_ROW: Values = Object.freeze({}) as Values;
const isObject = (v: unknown): v is Values => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The data path of the enclosing container or row ('' at the top of the form). */
const PathContext = createContext('');

/** A path inside the enclosing scope: `owners` at the top, `business.owners` inside a container. */
function usePathOf(key: string): string {
  const base = useContext(PathContext);
  return base ? `${base}.${key}` : key;
}

function useStoreValue(store: FormStore, key: string): unknown {
  const subscribe = useCallback((listener: () => void) => store.subscribeValue(key, listener), [store, key]);
  return useSyncExternalStore(subscribe, () => store.valueOf(key));
}

function rowsOf(value: unknown): Values[] {
  return Array.isArray(value) ? value.map((row) => (isObject(row) ? row : EMPTY_ROW)) : [];
}

/**
 * The renderer context of one container value (`row` undefined) or grid row: fields inside read that object from
 * the enclosing store at the moment they ask (so a keystroke is seen before any parent re-renders) and write it
 * back through the owner's key.
 */
function useScopeContext(
  owner: FormComponent,
  path: string,
  row: number | undefined,
): RendererContextValue | undefined {
  const parent = useRenderer();
  const scope = parent.store.fieldOf(owner.key)?.scope;
  return useMemo((): RendererContextValue | undefined => {
    if (!scope) return undefined;
    const read = (): Values => {
      const value = parent.store.valueOf(owner.key);
      if (row === undefined) return isObject(value) ? value : EMPTY_ROW;
      return Array.isArray(value) && isObject(value[row]) ? (value[row] as Values) : EMPTY_ROW;
    };
    const store = createScopeStore({ parent: parent.store, ownerKey: owner.key, scope, read, path });
    return {
      ...parent,
      store,
      idPrefix: scopeIdPrefix(parent.idPrefix, path),
      setFieldValue: (key, value) => {
        const next = { ...read(), [key]: value };
        if (row === undefined) parent.setFieldValue(owner.key, next);
        else {
          const rows = rowsOf(parent.store.valueOf(owner.key));
          parent.setFieldValue(
            owner.key,
            rows.map((r, i) => (i === row ? next : r)),
          );
        }
      },
    };
  }, [parent, owner.key, scope, path, row]);
}

function Scope({
  context,
  path,
  children,
}: {
  context: RendererContextValue | undefined;
  path: string;
  children: ReactNode;
}) {
  return context ? (
    <PathContext.Provider value={path}>
      <RendererContext.Provider value={context}>{children}</RendererContext.Provider>
    </PathContext.Provider>
  ) : null;
}

/** A container: its components' values live in one object at `data[key]`. */
export function ContainerGroup({ component }: { component: ContainerComponent }) {
  const path = usePathOf(component.key);
  const context = useScopeContext(component, path, undefined);
  return (
    <div className={classes.container}>
      <Scope context={context} path={path}>
        <FormNodes components={component.components} />
      </Scope>
    </div>
  );
}

/** One row of a grid, as its own scope. */
function GridRow({
  grid,
  index,
  children,
}: {
  grid: DatagridComponent | EditgridComponent;
  index: number;
  children: ReactNode;
}) {
  const path = `${usePathOf(grid.key)}[${index}]`;
  const context = useScopeContext(grid, path, index);
  return (
    <Scope context={context} path={path}>
      {children}
    </Scope>
  );
}

function GridError({ component }: { component: FormComponent }) {
  const errors = useFieldErrors(component.key);
  const path = usePathOf(component.key);
  const own = errors.find((e) => e.path === path);
  return own ? (
    <p className={classes.error} role="alert">
      {own.message}
    </p>
  ) : null;
}

function labelOf(component: FormComponent): string {
  return component.label?.trim() || component.key;
}

/** The most rows "Add another" allows: the author's maximum, never more than the server takes (MAX_GRID_ROWS). */
export const rowCap = (authored: number | undefined): number => Math.min(authored ?? MAX_GRID_ROWS, MAX_GRID_ROWS);

/** A datagrid: a table with a column per component, a row per entry, and Add/Remove row buttons. */
export function DatagridGroup({ component }: { component: DatagridComponent }) {
  const { setFieldValue, readOnly, store } = useRenderer();
  const rows = rowsOf(useStoreValue(store, component.key));
  const label = labelOf(component);
  const fixed = component.disableAddingRemovingRows === true || readOnly;
  const max = rowCap(component.validate?.maxLength);
  const min = component.validate?.minLength ?? 0;
  const columns = component.components.filter((c) => c.type !== 'button');
  const required = new Set(
    store
      .fieldOf(component.key)
      ?.scope?.fields.filter((f) => f.required)
      .map((f) => f.key),
  );
  return (
    <fieldset className={classes.grid}>
      <legend className={component.hideLabel ? classes.visuallyHidden : classes.gridLabel}>{label}</legend>
      <div className={classes.tableScroll}>
        <table className={classes.table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {labelOf(c)}
                  {required.has(c.key) ? (
                    <span className={classes.required} aria-hidden>
                      {' *'}
                    </span>
                  ) : null}
                </th>
              ))}
              {fixed ? null : (
                <th scope="col">
                  <span className={classes.visuallyHidden}>{GROUP_TEXT.actions}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((_row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by position, as in the data
              <GridRow key={i} grid={component} index={i}>
                <tr aria-label={GROUP_TEXT.rowLabel(label, i + 1)}>
                  {columns.map((c) => (
                    <td key={c.key} className={classes.cell}>
                      <FormNodes components={[c]} />
                    </td>
                  ))}
                  {fixed ? null : (
                    <td className={classes.cell}>
                      <RendererButton
                        variant="subtle"
                        aria-label={GROUP_TEXT.removeRowLabel(label, i + 1)}
                        disabled={rows.length <= min}
                        onClick={() =>
                          setFieldValue(
                            component.key,
                            rows.filter((_, r) => r !== i),
                          )
                        }
                      >
                        {component.removeRow || GROUP_TEXT.removeRow}
                      </RendererButton>
                    </td>
                  )}
                </tr>
              </GridRow>
            ))}
          </tbody>
        </table>
      </div>
      {fixed ? null : (
        <div>
          <RendererButton
            variant="default"
            disabled={rows.length >= max}
            onClick={() => setFieldValue(component.key, [...rows, {}])}
          >
            {component.addAnother || GROUP_TEXT.addRow}
          </RendererButton>
        </div>
      )}
      <GridError component={component} />
    </fieldset>
  );
}

function summary(row: Values, columns: readonly FormComponent[]): string {
  const parts = columns
    .map((c) => row[c.key])
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .slice(0, 3);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

/** An editgrid: a list of rows, each shown as a summary and edited one at a time (Edit, then Save). */
export function EditgridGroup({ component }: { component: EditgridComponent }) {
  const { setFieldValue, readOnly } = useRenderer();
  const rows = rowsOf(useStoreValue(useRenderer().store, component.key));
  const [open, setOpen] = useState<number | null>(null);
  const label = labelOf(component);
  const fixed = component.disableAddingRemovingRows === true || readOnly;
  const max = rowCap(component.validate?.maxLength);
  const columns = component.components.filter((c) => c.type !== 'button');
  return (
    <fieldset className={classes.grid}>
      <legend className={component.hideLabel ? classes.visuallyHidden : classes.gridLabel}>{label}</legend>
      {rows.length === 0 ? <p className={classes.empty}>{GROUP_TEXT.noRows}</p> : null}
      <ul className={classes.rowList}>
        {rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are identified by position, as in the data
          <li key={i} className={classes.rowItem} aria-label={GROUP_TEXT.rowLabel(label, i + 1)}>
            {open === i ? (
              <GridRow grid={component} index={i}>
                <div className={classes.rowEditor}>
                  <FormNodes components={component.components} />
                  <div className={classes.rowActions}>
                    <RendererButton onClick={() => setOpen(null)}>
                      {component.saveRow || GROUP_TEXT.saveRow}
                    </RendererButton>
                  </div>
                </div>
              </GridRow>
            ) : (
              <div className={classes.rowSummary}>
                <span>{summary(row, columns)}</span>
                <span className={classes.rowActions}>
                  <RendererButton
                    variant="default"
                    aria-label={GROUP_TEXT.editRowLabel(label, i + 1)}
                    onClick={() => setOpen(i)}
                  >
                    {GROUP_TEXT.editRow}
                  </RendererButton>
                  {fixed ? null : (
                    <RendererButton
                      variant="subtle"
                      aria-label={GROUP_TEXT.removeRowLabel(label, i + 1)}
                      onClick={() => {
                        setOpen(null);
                        setFieldValue(
                          component.key,
                          rows.filter((_, r) => r !== i),
                        );
                      }}
                    >
                      {component.removeRow || GROUP_TEXT.removeRow}
                    </RendererButton>
                  )}
                </span>
              </div>
            )}
          </li>
        ))}
      </ul>
      {fixed ? null : (
        <div>
          <RendererButton
            variant="default"
            disabled={rows.length >= max}
            onClick={() => {
              setFieldValue(component.key, [...rows, {}]);
              setOpen(rows.length);
            }}
          >
            {component.addAnother || GROUP_TEXT.addRow}
          </RendererButton>
        </div>
      )}
      <GridError component={component} />
    </fieldset>
  );
}
