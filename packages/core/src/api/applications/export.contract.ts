import { ApplicationExportQuerySchema } from '../../applications/application-list.schema';
import { endpoint } from '../contract';

const tag = 'applications';

/** The institution exports the applications of a list view as XLSX or CSV (spec 2 §7). */
export const EXPORT_API = {
  // issue 14 (decision 043): binary answer (xlsx or csv), streamed
  export: endpoint({
    method: 'GET',
    path: '/api/applications/export',
    query: ApplicationExportQuerySchema,
    tag,
    summary:
      "The list's filter (all pages) as a spreadsheet: .xlsx (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet) or .csv (text/csv)",
  }),
} as const;
