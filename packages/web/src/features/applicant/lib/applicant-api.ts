import type { APPLICANT_API } from '@under/core/api/applications/applicant.contract';
import type { OWNERS_API } from '@under/core/api/applications/owners.contract';
import type { BodyIn, ResponseOf } from '@under/core/api/contract';
import type { CUSTOM_FORMS_API } from '@under/core/api/custom-forms.contract';
import { VAULT_TOKEN_HEADER } from '@under/core/applications/vault-constants';
import { APPLICANT_ROUTES as R } from './applicant-constants';
import type { ApplicantHttp } from './applicant-http';

type Api = typeof APPLICANT_API & typeof OWNERS_API;

/** Where an application is, for the calls that need its link: its id and the caller's code. */
export interface ApplicationLink {
  applicationId: string;
  code: string;
}

type PublicForm = ResponseOf<typeof CUSTOM_FORMS_API.getPublic>;

/** The id of the `<script type="application/json">` the server puts the active public form in (decision 040). */
export const PUBLIC_FORM_SCRIPT_ID = 'under-public-form';

/** The public form the server inlined into the page (plugins/spa.ts), if any: read without a call. */
export function readInlineForm(doc: Document): PublicForm | undefined {
  const text = doc.getElementById(PUBLIC_FORM_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicForm;
  } catch {
    return undefined;
  }
}

/**
 * The applicant pages' calls (APPLICANT_API and the public form), typed by the contracts. `inlineForm`, the form the
 * server put into the page, answers `form()` for its id and version without a call.
 */
export function createApplicantApi(http: ApplicantHttp, inlineForm?: PublicForm) {
  const withCode = (link: ApplicationLink) => ({
    params: { applicationId: link.applicationId },
    query: { code: link.code },
  });
  // the applicant vault's token, once they unlocked it: saves send it so the server takes the masked prefilled
  // encrypted answers from the vault (decision 039); never in a URL or in storage
  let vaultToken: string | undefined;
  const vaultHeaders = () => (vaultToken ? { [VAULT_TOKEN_HEADER]: vaultToken } : undefined);
  return {
    /** The vault's token for the saves and the submit (undefined: forget it). */
    setVaultToken(token: string | undefined) {
      vaultToken = token;
    },
    /** The client itself, for the owners and vault panels (`http.contractCall`, `http.call`). */
    http,
    form(customFormId: string, version?: number): Promise<PublicForm> {
      if (inlineForm?.customFormId === customFormId && (version === undefined || version === inlineForm.version)) {
        return Promise.resolve(inlineForm);
      }
      return http.call<PublicForm>(R.form, {
        params: { customFormId },
        query: version === undefined ? {} : { version },
      });
    },
    application(link: ApplicationLink) {
      return http.call<ResponseOf<Api['get']>>(R.get, withCode(link));
    },
    createDraft(body: BodyIn<Api['createDraft']>, keepalive = false) {
      return http.call<ResponseOf<Api['createDraft']>>(R.createDraft, { body, keepalive, headers: vaultHeaders() });
    },
    saveDraft(link: ApplicationLink, body: BodyIn<Api['saveDraft']>, keepalive = false) {
      return http.call<ResponseOf<Api['saveDraft']>>(R.saveDraft, {
        ...withCode(link),
        body,
        keepalive,
        headers: vaultHeaders(),
      });
    },
    submit(link: ApplicationLink, body: BodyIn<Api['submit']>) {
      return http.call<ResponseOf<Api['submit']>>(R.submit, { ...withCode(link), body, headers: vaultHeaders() });
    },
    presign(body: BodyIn<Api['presign']>) {
      return http.call<ResponseOf<Api['presign']>>(R.presign, { body });
    },
    requestLink(body: BodyIn<Api['requestLink']>) {
      return http.call<void>(R.requestLink, { body });
    },
  };
}

export type ApplicantApi = ReturnType<typeof createApplicantApi>;
