import { REVIEW_API } from '@under/core/api/applications/review.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { NotesService } from './notes.service';

/** The team's notes on an application (issue 14): any member who may read the application. */
export function registerNotesRoutes(app: FastifyInstance, deps: { notes: NotesService }) {
  const { notes } = deps;
  defineRoute(app, REVIEW_API.notes, { access: 'client' }, ({ req, params, query }) =>
    notes.list({ auth: requireAuth(req), applicationId: params.applicationId, ...query }),
  );
  defineRoute(app, REVIEW_API.addNote, { access: 'client' }, ({ req, params, body }) =>
    notes.add({ auth: requireAuth(req), applicationId: params.applicationId, text: body.text }),
  );
  defineRoute(app, REVIEW_API.deleteNote, { access: 'client' }, async ({ req, reply, params }) => {
    await notes.remove({ auth: requireAuth(req), ...params });
    return reply.code(204).send();
  });
}
