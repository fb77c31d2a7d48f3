import type { FormIntegration } from '@under/core/integrations/form-integrations.schema';
import {
  type CrmMode,
  INTEGRATION_KINDS,
  type IntegrationKind,
  type IntegrationState,
} from '@under/core/integrations/integrations';

/**
 * The rules of a custom form's integrations (decision 078), in one place for the PATCH, the status list and the
 * syncability check:
 * - a form uses an integration when its config says `activeIntegration`; without a config, Salesforce is used (a
 *   form is synced once mapped and connected, as before configs existed) and a card processor is not (it needs
 *   its credentials in a config);
 * - integration permissions: a company's forms of a template (master form) may use integrations unless the
 *   platform's admins set that template `inactive` for the company (no row: allowed);
 * - the CRM mode of Salesforce is its mapping's; a card processor's is its config's `autoSync`.
 */

export interface ConfigFact {
  kind: string;
  activeIntegration: boolean;
  autoSync: boolean;
}

export function formUses(kind: IntegrationKind, config: ConfigFact | undefined): boolean {
  if (config) return config.activeIntegration;
  return kind === 'salesforce';
}

export function permitted(permission: { templateStatus: string } | undefined): boolean {
  return permission?.templateStatus !== 'inactive';
}

export function formIntegrations(facts: {
  configs: ConfigFact[];
  permission: { templateStatus: string } | undefined;
  states: Partial<Record<string, IntegrationState>>;
  salesforceMode: string | null;
}): FormIntegration[] {
  const allowed = permitted(facts.permission);
  return INTEGRATION_KINDS.map((kind) => {
    const config = facts.configs.find((c) => c.kind === kind);
    const salesforce = kind === 'salesforce';
    const mapped = salesforce ? facts.salesforceMode !== null : false;
    const mode: CrmMode | null = salesforce
      ? (facts.salesforceMode as CrmMode | null)
      : config
        ? config.autoSync
          ? 'auto-sync'
          : 'manual-sync'
        : null;
    return {
      integration: kind,
      active: formUses(kind, config),
      permitted: allowed,
      state: facts.states[kind] ?? 'not_connected',
      mapped,
      mode,
    };
  });
}

/** The form's `integrations` answer (custom form detail): each integration the form has a say on, by kind. */
export function integrationsMap(items: FormIntegration[], configs: ConfigFact[]): Record<string, boolean> {
  return Object.fromEntries(
    items
      .filter((i) => i.integration === 'salesforce' || configs.some((c) => c.kind === i.integration))
      .map((i) => [i.integration, i.active]),
  );
}
