import { ApplicationParamsSchema } from '../../applications/application.schema';
import { HistoryQuerySchema, HistorySchema } from '../../applications/history.schema';
import { endpoint } from '../contract';

const tag = 'applications';

/** An application's chained history (issue 14). */
export const HISTORY_API = {
  history: endpoint({
    method: 'GET',
    path: '/api/applications/:applicationId/history',
    params: ApplicationParamsSchema,
    query: HistoryQuerySchema,
    response: HistorySchema,
    tag,
    summary: 'Every event of the application, chained; the chain is reported intact or broken at event N',
  }),
} as const;
