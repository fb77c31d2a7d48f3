import type { FormComponent } from '@under/core/forms/form.schema';
import { memo } from 'react';
import { AddressField } from './address-field';
import { CheckboxField, RadioField, SelectboxesField, SelectField } from './choice-fields';
import { DatetimeField, DayField, TimeField } from './date-fields';
import { FileField } from './file-field';
import { ContainerGroup, DatagridGroup, EditgridGroup } from './group-fields';
import { HtmlContent } from './html-content';
import { TableGroup, TabsGroup, WellGroup } from './layout-groups';
import classes from './renderer.module.css';
import { RendererButton } from './renderer-button';
import { useNodeVisible, useRenderer } from './renderer-context';
import { SignatureField } from './signature-field';
import { NumberField, TextareaField, TextField } from './text-fields';

/** A list of components, each shown or hidden on its own. */
export function FormNodes({ components }: { components: readonly FormComponent[] }) {
  return (
    <div className={classes.stack}>
      {components.map((component) => (
        <FormNode key={component.key} component={component} />
      ))}
    </div>
  );
}

/** One component: subscribes to its own visibility only, so typing elsewhere never re-renders it. */
export const FormNode = memo(function FormNode({ component }: { component: FormComponent }) {
  const { store } = useRenderer();
  const visible = useNodeVisible(store.indexOf(component));
  if (!visible || component.hidden === true) return null;
  return <NodeBody component={component} />;
});

function NodeBody({ component }: { component: FormComponent }) {
  switch (component.type) {
    case 'panel':
      return (
        <section className={classes.panel} aria-label={component.title || component.label || component.key}>
          {component.title || component.label ? (
            <h3 className={classes.panelTitle}>{component.title || component.label}</h3>
          ) : null}
          <FormNodes components={component.components} />
        </section>
      );
    case 'fieldset':
      return (
        <fieldset className={classes.fieldset}>
          {component.legend || component.label ? (
            <legend className={classes.legend}>{component.legend || component.label}</legend>
          ) : null}
          <FormNodes components={component.components} />
        </fieldset>
      );
    case 'columns':
      return (
        <div className={classes.columns}>
          {component.columns.map((column, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no keys and never reorder while shown
              key={i}
              className={classes.column}
              style={{ '--span': column.width || Math.floor(12 / component.columns.length) } as React.CSSProperties}
            >
              <FormNodes components={column.components} />
            </div>
          ))}
        </div>
      );
    case 'content':
    case 'htmlelement':
      return <HtmlContent component={component} />;
    case 'button':
      return component.action === 'submit' || component.action === undefined ? (
        <div>
          <RendererButton type="submit">{component.label || 'Submit'}</RendererButton>
        </div>
      ) : null;
    case 'hidden':
      return null;
    case 'textfield':
    case 'email':
    case 'password':
    case 'phoneNumber':
      return <TextField component={component} />;
    case 'textarea':
      return <TextareaField component={component} />;
    case 'number':
    case 'currency':
      return <NumberField component={component} />;
    case 'checkbox':
      return <CheckboxField component={component} />;
    case 'selectboxes':
      return <SelectboxesField component={component} />;
    case 'radio':
      return <RadioField component={component} />;
    case 'select':
      return <SelectField component={component} />;
    case 'datetime':
      return <DatetimeField component={component} />;
    case 'day':
      return <DayField component={component} />;
    case 'time':
      return <TimeField component={component} />;
    case 'address':
      return <AddressField component={component} />;
    case 'file':
      return <FileField component={component} />;
    case 'signature':
      return <SignatureField component={component} />;
    case 'container':
      return <ContainerGroup component={component} />;
    case 'datagrid':
      return <DatagridGroup component={component} />;
    case 'editgrid':
      return <EditgridGroup component={component} />;
    case 'well':
      return <WellGroup component={component} />;
    case 'tabs':
      return <TabsGroup component={component} />;
    case 'table':
      return <TableGroup component={component} />;
    default:
      return null;
  }
}
