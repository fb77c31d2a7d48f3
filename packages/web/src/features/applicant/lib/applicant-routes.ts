/**
 * The applicant's page paths (spec 1 §2):
 * - /application-form/{customFormId}: a new application;
 * - /application-form/{customFormId}/{applicationId}/{code}/{email}: continue, or an owner's own link;
 * - /application-form/{customFormId}/{applicationId}/{code}/{version}/{email}: re-submit on that form version;
 * - /application-form-successfully/{customFormId}: after submission.
 */
export type ApplicantRoute =
  | { kind: 'new'; customFormId: string }
  | {
      kind: 'open';
      customFormId: string;
      applicationId: string;
      code: string;
      email: string;
      version?: number;
    }
  | { kind: 'success'; customFormId: string }
  | { kind: 'verify' }
  | { kind: 'unknown' };

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function parseApplicantPath(pathname: string): ApplicantRoute {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  if (parts.length === 1 && parts[0] === 'verify') return { kind: 'verify' };
  const [root, customFormId, applicationId, code, fourth, fifth, ...rest] = parts;
  if (!customFormId) return { kind: 'unknown' };
  if (root === 'application-form-successfully' && parts.length === 2) return { kind: 'success', customFormId };
  if (root !== 'application-form' || rest.length > 0) return { kind: 'unknown' };
  if (!applicationId) return { kind: 'new', customFormId };
  if (!code || !fourth) return { kind: 'unknown' };
  if (fifth === undefined) return { kind: 'open', customFormId, applicationId, code, email: fourth };
  const version = /^\d+$/.test(fourth) ? Number(fourth) : Number.NaN;
  if (!Number.isSafeInteger(version) || version < 1) return { kind: 'unknown' };
  return { kind: 'open', customFormId, applicationId, code, email: fifth, version };
}

const enc = encodeURIComponent;

/** The continue link of an application (what the first autosave puts in the address bar). */
export function continuePath(customFormId: string, applicationId: string, code: string, email: string): string {
  return `/application-form/${enc(customFormId)}/${enc(applicationId)}/${enc(code)}/${enc(email)}`;
}

export function successPath(customFormId: string): string {
  return `/application-form-successfully/${enc(customFormId)}`;
}
