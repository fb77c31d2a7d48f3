// The applicant bench's form, data and requests, shared by bench/applicant.ts (which writes the drafts) and the load
// generator's own process (bench/_load-child.ts, which sends the requests).
import type autocannon from 'autocannon';

export const FIELDS = 150;

export function fullData(seed: number): Record<string, unknown> {
  const data: Record<string, unknown> = {
    Firstname: 'Ada',
    Lastname: 'Lovelace',
    PhoneNumber: '(555) 123-4567',
    Email: 'ada@example.com',
    CompanyName: 'Analytical Engines',
    ssn: '123456789',
    account: '000123456789',
  };
  for (let i = 0; i < FIELDS; i++) data[`f${i}`] = `value ${i} of ${seed}`;
  return data;
}

export interface BenchDraft {
  id: string;
  code: string;
  revision: number;
}

export interface ApplicantJob {
  kind: 'autosave' | 'submit';
  drafts: BenchDraft[];
}

/**
 * autosave: a draft is saved by one request at a time with the revision of its last save (as a browser tab does);
 * autocannon's per-request context carries which draft a request took, a free list hands them out.
 * submit: every request submits another complete draft.
 */
export function applicantRequests(
  job: ApplicantJob,
  statuses: Map<number, number>,
  notes: string[],
): autocannon.Request[] {
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (job.kind === 'autosave') {
    const free = [...job.drafts];
    let tick = 0;
    return [
      {
        method: 'PUT',
        setupRequest: (req, context) => {
          const draft = free.shift() as BenchDraft;
          (context as { draft?: BenchDraft }).draft = draft;
          tick += 1;
          return {
            ...req,
            path: `/api/public/applications/${draft.id}/draft?code=${draft.code}`,
            body: JSON.stringify({ data: fullData(tick), revision: draft.revision }),
          };
        },
        onResponse: (status, body, context) => {
          count(status);
          const draft = (context as { draft?: BenchDraft }).draft;
          if (!draft) return;
          if (status === 200) draft.revision = (JSON.parse(body) as { revision: number }).revision;
          free.push(draft);
        },
      },
    ];
  }
  let next = 0;
  return [
    {
      method: 'POST',
      setupRequest: (req) => {
        const draft = job.drafts[next++ % job.drafts.length] as BenchDraft;
        if (next === job.drafts.length + 1) {
          notes.push(`(submit ran out of drafts: raise BENCH_SUBMIT_DRAFTS; reused ones answer 409)`);
        }
        return { ...req, path: `/api/public/applications/${draft.id}/submit?code=${draft.code}`, body: '{}' };
      },
      onResponse: (status) => {
        count(status);
      },
    },
  ];
}
