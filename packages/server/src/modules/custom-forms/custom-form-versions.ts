import { ERROR_CODES } from '@under/core/api/error.schema';
import {
  buildCustomForm,
  carryDocument,
  checkDocumentFields,
  diffMasterFields,
  keyCollisions,
} from '@under/core/custom-forms/build-custom-form';
import {
  type CustomFormDocument,
  CustomFormDocumentSchema,
  type CustomFormLayout,
  type CustomFormStatus,
  type CustomFormSummary,
} from '@under/core/custom-forms/custom-form.schema';
import { sanitizeRichText } from '@under/core/custom-forms/rich-text';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { parseFormDefinition } from '@under/core/forms/form.schema';
import { FORM_SCHEMA_VERSION } from '@under/core/forms/form-migrate';
import { MESSAGES } from '@under/core/messages';
import { type MasterFormStructure, readMasterFormStructure } from '@under/core/templates/master-form.schema';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../db/repositories/audit.repository';
import { createCompaniesRepository } from '../../db/repositories/companies.repository';
import { AppError, notFound } from '../../errors';
import type { FilesService } from '../files/files.service';
import { type CustomFormRow, type CustomFormsRepository, createCustomFormsRepository } from './custom-forms.repository';

// Building one version of a custom form from its master, and the helpers the forms, the public form and the
// master's updates share (decision 066 split the custom-forms service along those jobs).

type Problem = { path: string; message: string };
const bad = (code: string, problems: Problem[]) =>
  new AppError(
    code as (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
    problems[0]?.message ?? MESSAGES.http400,
    problems,
  );

export const customFormNotFound = () => new AppError(ERROR_CODES.customFormNotFound);
export const masterFormNotFound = () => notFound(MESSAGES.masterFormNotFound);

/** The company (with its plan) of a form; 404 as the form when it is gone. */
export async function companyOf(db: DbOrTx, companyId: string) {
  const row = await createCompaniesRepository(db).findCompanyWithMembership(companyId);
  if (!row) throw customFormNotFound();
  return row;
}

/** The built parts of one version: checked additions, the applicant's form and its layout. */
export interface Built {
  document: CustomFormDocument;
  form: FormDefinition;
  layout: CustomFormLayout;
}

export async function masterStructure(r: CustomFormsRepository, formId: string, version: number) {
  const row = await r.findMasterVersion(formId, version);
  if (!row) throw masterFormNotFound();
  return readMasterFormStructure(row.structure);
}

function layoutOf(master: MasterFormStructure, doc: CustomFormDocument): CustomFormLayout {
  return {
    headerLayout: { ...master.headerLayout, backgroundColor: doc.headerColor },
    progressLayout: { ...master.progressLayout, activeStepColor: doc.progressColor },
  };
}

/**
 * Checks the client's part against the master's published version and builds the applicant's form. The master's
 * components always come from the master: a body cannot remove, rename or replace them.
 */
export function build(master: MasterFormStructure, input: CustomFormDocument): Built {
  const base = 'customFormDocument';
  const parsed = parseFormDefinition({
    version: FORM_SCHEMA_VERSION,
    display: master.allField.display,
    components: input.additions,
  });
  if (!parsed.ok) {
    throw bad(
      ERROR_CODES.formInvalid,
      parsed.errors.map((e) => ({
        path: `${base}.additions${e.path.replace(/^components/, '')}`,
        message: e.message,
      })),
    );
  }
  const additions = parsed.form.components;
  const collisions = keyCollisions(master.allField, additions, `${base}.additions`);
  if (collisions.length) throw bad(ERROR_CODES.customFormKeyExists, collisions);
  const document: CustomFormDocument = {
    ...input,
    additions,
    // empty content is stripped: a blank editor is no terms, a document without a name takes its file's place
    termsAndConditions: sanitizeRichText(input.termsAndConditions),
    documents: input.documents.filter((d) => d.fileUrl.trim() !== ''),
  };
  const fieldProblems = checkDocumentFields(master.allField, additions, document, base);
  if (fieldProblems.length) throw bad(ERROR_CODES.customFormInvalidValue, fieldProblems);
  const form = buildCustomForm(master.allField, additions, document);
  const whole = parseFormDefinition(form);
  if (!whole.ok) {
    throw bad(
      ERROR_CODES.formInvalid,
      whole.errors.map((e) => ({ path: `${base}.form.${e.path}`, message: e.message })),
    );
  }
  return { document, form: whole.form, layout: layoutOf(master, document) };
}

/** The additions of a stored document (already checked when saved). */
const additionsOf = (doc: CustomFormDocument) => doc.additions as FormComponent[];
export const readDocument = (json: unknown) => CustomFormDocumentSchema.parse(json);

/**
 * Writes a new state of the form: before its first activation the current version is replaced, after it every
 * save is a new version (applications keep the version they were made on).
 */
export async function writeVersion(
  r: CustomFormsRepository,
  row: CustomFormRow,
  built: Built,
  masterVersion: number,
  actor: string | null,
  patch: Partial<CustomFormRow> = {},
) {
  const version = row.publishedAt ? row.version + 1 : row.version;
  const values = { masterVersion, document: built.document, form: built.form, layout: built.layout };
  if (row.publishedAt) await r.insertVersion({ customFormId: row.id, version, createdBy: actor, ...values });
  else await r.replaceVersion(row.id, version, values);
  return r.updateForm(row.id, { ...patch, version, masterVersion, document: built.document });
}

export function toSummary(row: CustomFormRow, institution: string, masterLatest: number): CustomFormSummary {
  return {
    customFormId: row.id,
    name: row.name,
    status: row.status as CustomFormStatus,
    version: row.version,
    masterFormId: row.masterFormId,
    institution,
    masterVersion: row.masterVersion,
    updateMode: row.updateMode as CustomFormSummary['updateMode'],
    wizardStep: row.wizardStep,
    isPublished: row.publishedAt !== null,
    hasUpdate: row.status !== 'archived' && masterLatest > row.masterVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const documentLinks = (files: FilesService, doc: CustomFormDocument) =>
  doc.documents.map((d) => ({ documentId: d.documentId, name: d.name, url: files.downloadUrl(d.fileUrl) }));

/** The master form's published structures by version, read once for all the forms a publish updates. */
// read through the caller's transaction (PGlite has one connection: a read beside it would wait for ever)
type MasterStructures = (r: CustomFormsRepository, version: number) => ReturnType<typeof masterStructure>;
export function cachedMasterStructures(formId: string): MasterStructures {
  const seen = new Map<number, ReturnType<typeof masterStructure>>();
  return (r, version) => {
    let structure = seen.get(version);
    if (!structure) {
      structure = masterStructure(r, formId, version);
      seen.set(version, structure);
    }
    return structure;
  };
}

/**
 * Brings one form onto its master's newest published version (additions kept); null when already there. A caller
 * updating many forms of one master passes the master row and a shared structure cache, so each is read once.
 */
export async function takeMasterVersion(
  tx: DbOrTx,
  row: CustomFormRow,
  actor: string | null,
  shared?: { master: { version: number } | undefined; structures: MasterStructures },
) {
  const r = createCustomFormsRepository(tx);
  const master = shared ? shared.master : await r.findMasterForm(row.masterFormId);
  if (!master || master.version <= row.masterVersion) return null;
  const structureOf = shared?.structures ?? ((r2, v) => masterStructure(r2, row.masterFormId, v));
  const current = await structureOf(r, row.masterVersion);
  const latest = await structureOf(r, master.version);
  const doc = readDocument(row.document);
  const diff = diffMasterFields(current.allField, latest.allField);
  const carried = carryDocument(doc, latest.allField, additionsOf(doc), diff);
  const built = build(latest, carried);
  const updated = await writeVersion(r, row, built, master.version, actor);
  await writeAudit(tx, {
    actorUserId: actor,
    companyId: row.companyId,
    action: 'custom-form.master-update',
    targetType: 'custom-form',
    targetId: row.id,
    details: { masterVersion: master.version, version: updated.version },
  });
  return updated;
}
