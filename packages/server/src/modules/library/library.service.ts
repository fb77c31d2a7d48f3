import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { Dictionary, DictionaryInput } from '@under/core/templates/dictionary.schema';
import { DictionaryInputSchema } from '@under/core/templates/dictionary.schema';
import type { BindableEntry } from '@under/core/templates/field-binding';
import type { Section, SectionInput } from '@under/core/templates/section.schema';
import { SectionInputSchema } from '@under/core/templates/section.schema';
import type { AuthContext } from '../../auth-context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { writeAudit } from '../../db/repositories/audit.repository';
import { AppError, notFound } from '../../errors';
import { checkedForm } from '../shared/checked-form';
import { createLibraryRepository, type DictionaryRow, type SectionRow } from './library.repository';

/** Where a dictionary entry is still used; an entry in use is not deleted. */
interface DictionaryUsage {
  /** Master forms whose structure lists the entry, and PDF templates (not archived) whose mapping binds to it. */
  countUses(dictionaryId: string): Promise<{ forms: number; templates: number }>;
}

/** A dictionary row as the API and the form builders read it (its attributes spread beside its columns). */
export function toDictionary(row: DictionaryRow): Dictionary {
  return {
    ...(row.attrs as Omit<Dictionary, 'id' | 'type' | 'name' | 'label' | 'createdAt' | 'updatedAt'>),
    id: row.id,
    type: row.type as Dictionary['type'],
    name: row.name,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } as Dictionary;
}

function toSection(row: SectionRow): Section {
  return {
    sectionId: row.id,
    keySection: row.keySection,
    label: row.label,
    title: row.title,
    components: row.components,
    conditional: row.conditional ?? undefined,
    processors: row.processors,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Dictionary entries and sections (spec 1 §3). `usage` answers where an entry is used: master forms and PDF
 * templates are other modules', so the caller wires it to their services.
 */
export function createLibraryService(deps: { db: Db; usage: DictionaryUsage }) {
  const { db, usage } = deps;
  const repo = createLibraryRepository(db);

  return {
    // ---- dictionaries
    async listDictionaries(opts: { q?: string; type?: string; page: number; pageSize: number }) {
      const { rows, total } = await repo.listDictionaries({
        q: opts.q?.trim() || undefined,
        type: opts.type,
        offset: (opts.page - 1) * opts.pageSize,
        limit: opts.pageSize,
      });
      return { items: rows.map(toDictionary), total, page: opts.page, pageSize: opts.pageSize };
    },
    async getDictionary(opts: { dictionaryId: string }) {
      const row = await repo.findDictionary(opts.dictionaryId);
      if (!row) throw notFound(MESSAGES.dictionaryNotFound);
      return toDictionary(row);
    },
    /** The entry, or undefined when it does not exist (for other modules: master forms, pushes). */
    async findDictionary(opts: { dictionaryId: string }): Promise<Dictionary | undefined> {
      const row = await repo.findDictionary(opts.dictionaryId);
      return row && toDictionary(row);
    },
    /** The entries with these ids, in one query; an id that names none is left out (for master forms). */
    async findDictionaries(opts: { dictionaryIds: readonly string[] }): Promise<Dictionary[]> {
      return (await repo.findDictionaries(opts.dictionaryIds)).map(toDictionary);
    },
    /** Every entry (up to 5,000) as the field detector binds printed labels to them (issue 25). */
    async bindableEntries(): Promise<BindableEntry[]> {
      const { rows } = await repo.listDictionaries({ offset: 0, limit: 5000 });
      return rows.map(toDictionary).map((d) => ({
        id: d.id,
        name: d.name,
        label: d.label,
        type: d.type,
        require: d.require,
        encrypted: d.encrypted,
      }));
    },
    async saveDictionary(opts: { auth: AuthContext; dictionaryId?: string; input: DictionaryInput }) {
      const { type, name, label, ...attrs } = DictionaryInputSchema.parse(opts.input);
      if (opts.dictionaryId && !(await repo.findDictionary(opts.dictionaryId)))
        throw notFound(MESSAGES.dictionaryNotFound);
      if (await repo.dictionaryNameTaken(name, opts.dictionaryId)) throw new AppError(ERROR_CODES.dictionaryKeyUsed);
      try {
        return await db.transaction(async (tx) => {
          const r = createLibraryRepository(tx);
          const row = opts.dictionaryId
            ? await r.updateDictionary(opts.dictionaryId, { type, name, label, attrs })
            : await r.insertDictionary({ type, name, label, attrs });
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            action: opts.dictionaryId ? 'dictionary.update' : 'dictionary.create',
            targetType: 'dictionary',
            targetId: row.id,
          });
          return toDictionary(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.dictionaryKeyUsed);
        throw err;
      }
    },
    /** Refused (409, naming how many of each) while master forms or PDF mappings use the entry. */
    async deleteDictionary(opts: { auth: AuthContext; dictionaryId: string }) {
      if (!(await repo.findDictionary(opts.dictionaryId))) throw notFound(MESSAGES.dictionaryNotFound);
      const { forms, templates } = await usage.countUses(opts.dictionaryId);
      if (forms || templates) {
        throw new AppError(ERROR_CODES.dictionaryInUse, MESSAGES.dictionaryInUse(forms, templates));
      }
      await db.transaction(async (tx) => {
        await createLibraryRepository(tx).deleteDictionary(opts.dictionaryId);
        await writeAudit(tx, {
          actorUserId: opts.auth.userId,
          action: 'dictionary.delete',
          targetType: 'dictionary',
          targetId: opts.dictionaryId,
        });
      });
      return { ok: true as const };
    },

    // ---- sections
    async listSections(opts: { q?: string; processors?: string[] }) {
      return (await repo.listSections(opts)).map(toSection);
    },
    async getSection(opts: { sectionId: string }) {
      const row = await repo.findSection(opts.sectionId);
      if (!row) throw notFound(MESSAGES.sectionNotFound);
      return toSection(row);
    },
    /** The section, or undefined when it does not exist (for other modules: master forms, pushes). */
    async findSection(opts: { sectionId: string }): Promise<Section | undefined> {
      const row = await repo.findSection(opts.sectionId);
      return row && toSection(row);
    },
    async saveSection(opts: { auth: AuthContext; sectionId?: string; input: SectionInput }) {
      const input = SectionInputSchema.parse(opts.input);
      const components = checkedForm(input.components, 'components', false);
      const current = opts.sectionId ? await repo.findSection(opts.sectionId) : undefined;
      if (opts.sectionId && !current) throw notFound(MESSAGES.sectionNotFound);
      if (await repo.sectionKeyTaken(input.keySection, opts.sectionId)) throw new AppError(ERROR_CODES.sectionKeyUsed);
      try {
        return await db.transaction(async (tx) => {
          const r = createLibraryRepository(tx);
          const values = { ...input, components, conditional: input.conditional ?? null };
          const row = current
            ? await r.updateSection(current.id, { ...values, version: current.version + 1 })
            : await r.insertSection(values);
          await writeAudit(tx, {
            actorUserId: opts.auth.userId,
            action: current ? 'section.update' : 'section.create',
            targetType: 'section',
            targetId: row.id,
          });
          return toSection(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError(ERROR_CODES.sectionKeyUsed);
        throw err;
      }
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
