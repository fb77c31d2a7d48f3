import {
  ApplicationParamsSchema,
  InviteBodySchema,
  InviteResponseSchema,
  RevealBodySchema,
  RevealResponseSchema,
} from '../applications/application.schema';
import {
  AdminApplicationListQuerySchema,
  ApplicationExportQuerySchema,
  ApplicationListQuerySchema,
  ApplicationListSchema,
  ChangeStatusBodySchema,
  ChangeStatusQuerySchema,
  ChangeStatusResponseSchema,
  CustomerListQuerySchema,
  CustomerListSchema,
  SavedViewBodySchema,
  SavedViewListSchema,
  SavedViewParamsSchema,
  SavedViewSchema,
  StatusStatisticsQuerySchema,
  StatusStatisticsSchema,
} from '../applications/application-list.schema';
import { endpoint } from './contract';

const tag = 'applications';

/** The institution's calls on applications (spec 2 §7 "Applications (client)"); issue 14 adds the lists. */
export const APPLICATIONS_API = {
  invite: endpoint({
    method: 'POST',
    path: '/api/applications/invite',
    body: InviteBodySchema,
    status: 201,
    response: InviteResponseSchema,
    tag,
    summary: 'Invite a customer to a form: the application starts as invite_sent and the e-mail carries the link',
  }),
  reveal: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/reveal',
    params: ApplicationParamsSchema,
    body: RevealBodySchema,
    response: RevealResponseSchema,
    tag,
    summary: 'A client ADMINISTRATOR reveals one encrypted value (audited)',
  }),
  // issue 14 (decision 042)
  list: endpoint({
    method: 'GET',
    path: '/api/applications',
    query: ApplicationListQuerySchema,
    response: ApplicationListSchema,
    tag,
    summary: "The company's applications (a STANDARD member's: of granted forms), filtered, searched, sorted, paged",
  }),
  adminList: endpoint({
    method: 'GET',
    path: '/api/admin/applications',
    query: AdminApplicationListQuerySchema,
    response: ApplicationListSchema,
    tag,
    summary: "An account's applications (optionally of one form), with the client list's query",
  }),
  changeStatus: endpoint({
    method: 'PUT',
    path: '/api/applications/:applicationId/status',
    params: ApplicationParamsSchema,
    query: ChangeStatusQuerySchema,
    body: ChangeStatusBodySchema,
    response: ChangeStatusResponseSchema,
    tag,
    summary: 'Approve, deny (with a reason) or reopen a submitted application; audited, optionally e-mailed',
  }),
  savedViews: endpoint({
    method: 'GET',
    path: '/api/saved-views',
    response: SavedViewListSchema,
    tag,
    summary: "The caller's saved views of the applications list",
  }),
  saveView: endpoint({
    method: 'POST',
    path: '/api/saved-views',
    body: SavedViewBodySchema,
    status: 201,
    response: SavedViewSchema,
    tag,
    summary: 'Saves the list’s filters and sort under a name, for the caller only',
  }),
  deleteView: endpoint({
    method: 'DELETE',
    path: '/api/saved-views/:viewId',
    params: SavedViewParamsSchema,
    status: 204,
    tag,
    summary: 'Deletes one of the caller’s saved views',
  }),
  customers: endpoint({
    method: 'GET',
    path: '/api/customers',
    query: CustomerListQuerySchema,
    response: CustomerListSchema,
    tag,
    summary: "The company's applicants (one per primary e-mail) with their applications by status, newest first",
  }),
  statusStatistics: endpoint({
    method: 'GET',
    path: '/api/applications/status-statistics',
    query: StatusStatisticsQuerySchema,
    response: StatusStatisticsSchema,
    tag,
    summary: 'Counts by status, per month and per form over the last 6, 12, 24 or 36 months',
  }),
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
