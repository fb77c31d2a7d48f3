/**
 * The core fixtures the playground offers, each loaded on demand. Core exposes TypeScript modules only
 * (`exports: ./*.ts`), so the Form.io JSON files are reached by path.
 */
export const FIXTURES = {
  kitchenSink: {
    label: 'Kitchen sink',
    load: () =>
      import('../../../../../core/src/forms/fixtures/kitchen-sink.formio.json').then((m) => m.default as unknown),
  },
  wizard: {
    label: 'Wizard',
    load: () => import('../../../../../core/src/forms/fixtures/wizard.formio.json').then((m) => m.default as unknown),
  },
  owners: {
    label: 'Owners (grids)',
    load: () => import('../../../../../core/src/forms/fixtures/owners.formio.json').then((m) => m.default as unknown),
  },
  large: {
    label: '300 fields',
    load: () => import('@under/core/forms/fixtures/large-form').then((m) => m.buildLargeForm() as unknown),
  },
} as const;

export type FixtureName = keyof typeof FIXTURES;

export function isFixtureName(name: string | null): name is FixtureName {
  return name !== null && Object.hasOwn(FIXTURES, name);
}
