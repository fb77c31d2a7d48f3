import type { ExportFormat, ListedStatus } from '@under/core/applications/application-list.schema';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { AuthContext } from '../../../auth-context';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { requireCompanyId } from '../../accounts/tenant';
import type { FormGrants } from '../access/visible-application';
import { filterOf, type ListOptions } from '../review/lists.service';
import {
  attachmentCount,
  cellText,
  dayText,
  EXPORT_COLUMNS,
  fieldColumns,
  RECORD_COLUMNS,
  STATUS_TEXT,
  timeText,
  topFields,
} from './columns';
import { createApplicationExportRepository } from './export.repository';
import { type Cell, type Cells, csvStream, xlsxStream } from './spreadsheet';

/** Rows read per query (keyset): memory is bounded by one batch, whatever the export's size. */
const EXPORT_BATCH = 500;

const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

type ExportOptions = Omit<ListOptions, 'page' | 'pageSize' | 'sort' | 'order'> & {
  auth: AuthContext;
  format: ExportFormat;
};

interface ApplicationExportDeps {
  db: Db;
  fieldCrypto: FieldCrypto;
  forms: FormGrants;
  now?: Clock;
  batchSize?: number;
}

export type ApplicationExportService = ReturnType<typeof createApplicationExportService>;

const pad = (n: number) => String(n).padStart(2, '0');

/** `applications-2026-11-23-2105.xlsx`: built from digits only, safe in any header and file system. */
function exportFileName(at: Date, format: ExportFormat): string {
  const d = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return `applications-${d}-${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}.${format}`;
}

/** The filters as the audit event keeps them: what was asked, never a value of an application. */
function auditFilters(o: ExportOptions): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (o.statuses?.length) out.statuses = [...o.statuses];
  if (o.syncStates?.length) out.syncStates = [...o.syncStates];
  for (const k of ['q', 'startDate', 'endDate', 'applicantCompanyName', 'formId'] as const) {
    const v = o[k];
    if (v) out[k] = v;
  }
  return out;
}

/** A field's cell: a number field's number as a number (a masked or typed-as-text value stays text). */
function cellOf(c: Parameters<typeof cellText>[0], value: unknown): Cell {
  if ((c.type === 'number' || c.type === 'currency') && typeof value === 'number' && Number.isFinite(value)) {
    return { number: value };
  }
  return cellText(c, value);
}

/**
 * The export of the client list's filter, every page (issue 14; decision 043): the company's applications (a
 * STANDARD member's: of granted forms), the application's own fields (union of the forms' fields) then the spec's
 * columns, encrypted values masked. The audit event (filters, format, row count) commits before the first byte.
 */
export function createApplicationExportService(deps: ApplicationExportDeps) {
  const { db, fieldCrypto, forms } = deps;
  const now = deps.now ?? Date.now;
  const batchSize = deps.batchSize ?? EXPORT_BATCH;
  const repo = createApplicationExportRepository(db);

  return {
    async export(opts: ExportOptions) {
      const companyId = requireCompanyId(opts.auth);
      const granted = await forms.grantedMasterFormIds({ auth: opts.auth });
      const filter = await repo.resolve(filterOf(companyId, granted, opts));
      const at = new Date(now());
      const total = filter ? await repo.count(filter) : 0;
      await db.transaction((tx) =>
        writeAudit(tx, {
          action: 'application.export',
          actorUserId: opts.auth.userId,
          companyId,
          targetType: 'company',
          targetId: companyId,
          details: { format: opts.format, rows: total, filters: auditFilters(opts) },
        }),
      );

      const versions = filter ? await repo.versions(filter) : [];
      const formOf = new Map(
        versions.map((v) => {
          const form = v.form as unknown as FormDefinition;
          return [
            `${v.customFormId}:${v.version}`,
            { form, formName: v.formName, byKey: new Map(topFields(form).map((c) => [c.key, c])) },
          ];
        }),
      );
      const fields = fieldColumns(versions.map((v) => v.form as unknown as FormDefinition));
      const header: Cells = [...RECORD_COLUMNS, ...fields.map((f) => f.label), ...EXPORT_COLUMNS];
      const day = (d: Date | null): Cell => (d ? { date: d, time: false, text: dayText(d) } : '');
      const time = (d: Date | null): Cell => (d ? { date: d, time: true, text: timeText(d) } : '');
      const exportTime = time(at);

      async function* rows(): AsyncGenerator<Cells[]> {
        if (!filter) return;
        let after: number | undefined;
        for (;;) {
          const batch = await repo.batch(filter, after, batchSize);
          if (!batch.length) return;
          after = batch[batch.length - 1]?.number;
          yield batch.map((r) => {
            const plan = formOf.get(`${r.customFormId}:${r.formVersion}`);
            const form = plan?.form;
            // every value leaves masked (decision 038); an unknown version exports no field values
            const data = form ? fieldCrypto.maskData(form, r.data) : {};
            const cells = fields.map((f) => {
              const c = plan?.byKey.get(f.key);
              return c ? cellOf(c, data[f.key]) : '';
            });
            return [
              { number: r.number },
              plan?.formName ?? '',
              { number: r.formVersion },
              ...cells,
              { number: form ? attachmentCount(form, data) : 0 },
              STATUS_TEXT[r.status as ListedStatus] ?? r.status,
              day(r.submittedAt),
              time(r.updatedAt),
              r.updatedBy ?? '',
              exportTime,
            ];
          });
          if (batch.length < batchSize) return;
        }
      }

      return {
        fileName: exportFileName(at, opts.format),
        contentType: EXPORT_CONTENT_TYPES[opts.format],
        rows: total,
        body: opts.format === 'csv' ? csvStream(header, rows()) : xlsxStream(header, rows()),
      };
    },
  };
}
