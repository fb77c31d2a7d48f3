import type { FieldType } from '@under/core/forms/field-types';
import type { FormComponent, FormDefinition, PanelComponent } from '@under/core/forms/form.schema';
import { createSystemFieldComponent, type SYSTEM_FIELDS } from '@under/core/forms/system-fields';
import { UI_TEXT } from '@under/core/ui-text';
import { findComponent, insertComponent, listContainer, locate, ROOT, uniqueKey } from './builder-tree';
import { camelKey, freeName } from './key-from-label';
import { createComponent, keyStem } from './palette';

/** The builder's edits of a whole form that are not tree operations: pure, tested in builder-edits.test.ts. */

/**
 * A label (or a page's title) typed into a field whose key follows it: the key becomes the label in camelCase,
 * unique in its scope (`legalName`, `legalName1`); an empty label gives the type's default key back.
 */
export function followLabel(
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

/**
 * Where a field added from the palette by a click (not dragged) goes, from the selection: a wizard's new page after
 * the page that holds the selection (else last); into the selected panel, fieldset, well, container or grid; after
 * the selected field; in a wizard, on the last page; else at the end.
 */
export function placeForNew(
  form: FormDefinition,
  selected: string | undefined,
  type: FieldType,
): { container: string; index: number } {
  if (form.display === 'wizard' && type === 'panel') {
    const pageIndex = selected
      ? form.components.findIndex(
          (page) => page.key === selected || findComponent({ ...form, components: [page] }, selected) !== undefined,
        )
      : -1;
    return { container: ROOT, index: pageIndex < 0 ? form.components.length : pageIndex + 1 };
  }
  const current = selected ? findComponent(form, selected) : undefined;
  if (current && selected && listContainer(form, selected))
    return { container: selected, index: Number.MAX_SAFE_INTEGER };
  const place = selected ? locate(form, selected) : undefined;
  if (place) return { container: place.container, index: place.index + 1 };
  if (form.display === 'wizard' && type !== 'panel' && form.components.at(-1)?.type === 'panel') {
    return { container: form.components.at(-1)?.key ?? ROOT, index: Number.MAX_SAFE_INTEGER };
  }
  return { container: ROOT, index: form.components.length };
}

/** The missing system fields added at the end of the form (a wizard's first page). */
export function withSystemFields(
  form: FormDefinition,
  missing: readonly (typeof SYSTEM_FIELDS)[number][],
): FormDefinition {
  let next = form;
  const page = form.display === 'wizard' ? form.components.find((c) => c.type === 'panel') : undefined;
  for (const definition of missing) {
    next = insertComponent(next, page?.key ?? ROOT, Number.MAX_SAFE_INTEGER, createSystemFieldComponent(definition));
  }
  return next;
}

/** The form shown as one page or as a wizard: loose top-level fields go onto a first page, so the wizard rule holds. */
export function withDisplay(form: FormDefinition, display: 'form' | 'wizard', keys: Set<string>): FormDefinition {
  if (display === 'wizard' && form.components.some((c) => c.type !== 'panel')) {
    const key = uniqueKey(keys, 'page');
    const loose = form.components.filter((c) => c.type !== 'panel');
    const pages = form.components.filter((c) => c.type === 'panel');
    const first = {
      ...(createComponent('panel', key) as PanelComponent),
      title: UI_TEXT.builderFirstPage,
      label: UI_TEXT.builderFirstPage,
      components: loose,
    };
    return { ...form, display, components: [first, ...pages] };
  }
  return { ...form, display };
}
