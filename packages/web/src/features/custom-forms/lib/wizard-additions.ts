import type { CustomFormDocument } from '@under/core/custom-forms/custom-form.schema';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';

const ADDITIONS_PATH = 'customFormDocument.additions';

/**
 * The server's problems with the keys of the client's additions (`customFormDocument.additions[0].components[1].key`)
 * by the key of the component the path names, so the builder shows them at that component.
 */
export function additionKeyErrors(
  doc: CustomFormDocument,
  errors: readonly { path: string; message: string }[],
): Map<string, string> {
  const byPath = new Map<string, string>();
  walkComponents(
    doc.additions as FormComponent[],
    ({ component, path }) => byPath.set(`${path}.key`, component.key),
    ADDITIONS_PATH,
  );
  const out = new Map<string, string>();
  for (const e of errors) {
    const key = byPath.get(e.path);
    if (key !== undefined && !out.has(key)) out.set(key, e.message);
  }
  return out;
}

/** The client's additions as a form of their own, for the builder (the master's display: wizard pages stay panels). */
export function additionsForm(master: FormDefinition, doc: CustomFormDocument): FormDefinition {
  const additions = doc.additions as FormComponent[];
  // a wizard's questions live on pages: an empty wizard starts with one page, so a first question has a place
  if (master.display === 'wizard' && additions.length === 0) {
    const key = freeKey('additionalQuestions', masterKeys(master));
    const title = T.firstAdditionalPage;
    const page = { type: 'panel', key, title, label: title, input: false, components: [] } as FormComponent;
    return { version: master.version, display: master.display, components: [page] };
  }
  return { version: master.version, display: master.display, components: additions };
}

/** Every key the master form uses, at any depth. */
function masterKeys(master: FormDefinition): Set<string> {
  const keys = new Set<string>();
  walkComponents(master.components, ({ component }) => keys.add(component.key));
  return keys;
}

function freeKey(stem: string, taken: ReadonlySet<string>): string {
  if (!taken.has(stem)) return stem;
  for (let i = 1; ; i++) if (!taken.has(`${stem}${i}`)) return `${stem}${i}`;
}
