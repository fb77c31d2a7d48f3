import { Readable } from 'node:stream';
import { EXPORT_API } from '@under/core/api/applications/export.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { ApplicationExportService } from './export.service';

/** GET /api/applications/export (issue 14; decision 043): any member of the team, the list's tenancy. */
export function registerApplicationExportRoutes(app: FastifyInstance, deps: { exports: ApplicationExportService }) {
  defineRoute(app, EXPORT_API.export, { access: 'client' }, async ({ req, reply, query }) => {
    const { page: _page, pageSize: _size, sort: _sort, order: _order, ...filters } = query;
    const out = await deps.exports.export({ auth: requireAuth(req), ...filters });
    return reply
      .header('content-type', out.contentType)
      .header('content-disposition', `attachment; filename="${out.fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-export-rows', String(out.rows))
      .send(Readable.from(out.body));
  });
}
