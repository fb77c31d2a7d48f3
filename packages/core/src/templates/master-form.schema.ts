import { z } from 'zod';

export const DEFAULT_HEADER_TITLE = 'Merchant Processing Application';
export const DEFAULT_HEADER_SUBTITLE =
  'Fill out all the application once and you will never have to fill out another form again!';
/** Spec 1 §9. */
export const DEFAULT_HEADER_COLOR = '#4582ec';
export const DEFAULT_PROGRESS_COLOR = '#2a6add';

export const UPDATE_MODES = ['system-auto-update', 'user-manual-update'] as const;
export const MASTER_FORM_STATUSES = ['active', 'inactive'] as const;

const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export const HeaderLayoutSchema = z.strictObject({
  title: z.string().max(200).default(DEFAULT_HEADER_TITLE),
  subtitle: z.string().max(500).default(DEFAULT_HEADER_SUBTITLE),
  backgroundColor: Colour.default(DEFAULT_HEADER_COLOR),
  textColor: Colour.default('#ffffff'),
});

export const ProgressLayoutSchema = z.strictObject({
  backgroundColor: Colour.default('#ffffff'),
  textColor: Colour.default('#000000'),
  defaultStepColor: Colour.default('#d9d9d9'),
  activeStepColor: Colour.default(DEFAULT_PROGRESS_COLOR),
});

export const BindingFieldSchema = z.strictObject({ name: z.string().max(100), type: z.string().max(50) });

/** The structure of a master form (spec 1 §3). `allField` is a core FormDefinition. */
export const MasterFormStructureSchema = z.strictObject({
  allField: z.unknown(),
  rootAllField: z.unknown().optional(),
  bindingFields: z.array(BindingFieldSchema).default([]),
  childSectionIds: z.array(z.string()).default([]),
  dictionaryIds: z.array(z.string()).default([]),
  headerLayout: HeaderLayoutSchema.default(HeaderLayoutSchema.parse({})),
  progressLayout: ProgressLayoutSchema.default(ProgressLayoutSchema.parse({})),
});
export type MasterFormStructure = z.output<typeof MasterFormStructureSchema>;
