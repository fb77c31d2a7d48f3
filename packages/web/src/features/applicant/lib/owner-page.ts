import type { FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { componentOwnerSection } from '@under/core/forms/permissions';

/**
 * The wizard page an owner's link opens on (decision 059): the first page holding a field of their owner section;
 * undefined for a form that is not a wizard or has no such field (the first page then).
 */
export function ownerSectionPage(form: FormDefinition, section: number | null | undefined): number | undefined {
  if (form.display !== 'wizard' || !section) return undefined;
  let found: number | undefined;
  walkComponents(form.components, ({ component, ancestors }) => {
    if (componentOwnerSection(component, ancestors) !== section) return true;
    const page = form.components.indexOf(ancestors[0] ?? component);
    found = page >= 0 ? page : undefined;
    return false;
  });
  return found;
}
