import { ApplicationParamsSchema } from '../applications/application.schema';
import {
  CopyApplicationBodySchema,
  CopyApplicationResponseSchema,
  EditLinkBodySchema,
  EditUrlResponseSchema,
  InviteEditResponseSchema,
  RepopulateResponseSchema,
} from '../applications/corrections.schema';
import { endpoint } from './contract';

const tag = 'applications';

/**
 * Corrections of an application by the institution (spec 2 §7 "create edit URL", "invite-edit", "copy",
 * "repopulate"; issue 14, decision 052). Scoped like the detail: another company's application answers 404.
 */
export const APPLICATION_CORRECTIONS_API = {
  editUrl: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/edit-url',
    params: ApplicationParamsSchema,
    body: EditLinkBodySchema,
    response: EditUrlResponseSchema,
    tag,
    summary: "An owner's edit link of a pending application, for the team to pass on; it replaces the owner's link",
  }),
  inviteEdit: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/invite-edit',
    params: ApplicationParamsSchema,
    body: EditLinkBodySchema,
    response: InviteEditResponseSchema,
    tag,
    summary: "E-mails an owner an edit link of a pending application (it replaces the owner's link)",
  }),
  copy: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/copy',
    params: ApplicationParamsSchema,
    body: CopyApplicationBodySchema,
    response: CopyApplicationResponseSchema,
    status: 201,
    tag,
    summary: "A new application with this one's answers on the form's current version, its applicant invited",
  }),
  repopulate: endpoint({
    method: 'POST',
    path: '/api/applications/:applicationId/repopulate',
    params: ApplicationParamsSchema,
    response: RepopulateResponseSchema,
    tag,
    summary: "Moves an undecided application onto its form's latest version, keeping the answers that still fit",
  }),
};
