import type { FormComponent, TableComponent, TabsComponent, WellComponent } from '@under/core/forms/form.schema';
import { useRef, useState } from 'react';
import { FormNodes } from './form-nodes';
import classes from './groups.module.css';
import { useRenderer } from './renderer-context';

function labelOf(component: FormComponent): string {
  return component.label?.trim() || component.key;
}

/** A well: a framed group of components, data at the same level. */
export function WellGroup({ component }: { component: WellComponent }) {
  return (
    <div className={classes.well}>
      <FormNodes components={component.components} />
    </div>
  );
}

/** Tabs: a tab list (arrow keys move between tabs) and one panel shown; the others stay mounted, hidden. */
export function TabsGroup({ component }: { component: TabsComponent }) {
  const { idPrefix } = useRenderer();
  const [active, setActive] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = (i: number) => `${idPrefix}-${component.key}-tab-${i}`;
  const move = (to: number) => {
    const next = (to + component.components.length) % component.components.length;
    setActive(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className={classes.tabs}>
      <div role="tablist" aria-label={labelOf(component)} className={classes.tabList}>
        {component.components.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={id(i)}
            aria-selected={i === active}
            aria-controls={`${id(i)}-panel`}
            tabIndex={i === active ? 0 : -1}
            className={classes.tab}
            onClick={() => setActive(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight') move(i + 1);
              else if (e.key === 'ArrowLeft') move(i - 1);
              else if (e.key === 'Home') move(0);
              else if (e.key === 'End') move(component.components.length - 1);
              else return;
              e.preventDefault();
            }}
          >
            {tab.label || tab.key}
          </button>
        ))}
      </div>
      {component.components.map((tab, i) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id(i)}-panel`}
          aria-labelledby={id(i)}
          hidden={i !== active}
          className={classes.tabPanel}
        >
          <FormNodes components={tab.components} />
        </div>
      ))}
    </div>
  );
}

/** A layout table: rows of cells, each holding components (layout only, data at the same level). */
export function TableGroup({ component }: { component: TableComponent }) {
  return (
    <div className={classes.tableScroll}>
      <table className={classes.layoutTable} role="presentation">
        <tbody>
          {component.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: layout rows have no keys and never reorder
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: layout cells have no keys and never reorder
                <td key={c} className={classes.cell}>
                  <FormNodes components={cell.components} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
