// The load generator of the server benches, in a process of its own (forked by `loadInChild` in _server.ts): its
// HTTP parsing and request building run on another event loop and core than the server it measures. It gets one
// job over IPC, runs autocannon, answers the figures and exits.
import autocannon from 'autocannon';
import { type ApplicantJob, applicantRequests } from './_applicant-load';

export interface LoadJob {
  name: string;
  url: string;
  path?: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second over all connections (a fixed rate, autocannon's overallRate); unlimited by default. */
  overallRate?: number;
  /** The applicant bench's requests (autosave of drafts, submit of drafts): built in this process. */
  applicant?: ApplicantJob;
}

export interface LoadAnswer {
  name: string;
  rps: number;
  /** Requests answered in the run. */
  total: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Record<string, number>;
  notes: string[];
}

process.once('message', async (job: LoadJob) => {
  const statuses = new Map<number, number>();
  const notes: string[] = [];
  const requests = job.applicant ? applicantRequests(job.applicant, statuses, notes) : undefined;
  const r = await autocannon({
    url: job.path ? `${job.url}${job.path}` : job.url,
    connections: job.connections,
    duration: job.duration,
    method: job.method ?? 'GET',
    headers: job.headers,
    body: job.body,
    ...(job.overallRate ? { overallRate: job.overallRate } : {}),
    ...(requests ? { requests } : {}),
  });
  const answer: LoadAnswer = {
    name: job.name,
    rps: Math.round(r.requests.average),
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
    statuses: Object.fromEntries([...statuses].map(([k, v]) => [String(k), v])),
    notes,
  };
  process.send?.(answer, () => process.exit(0));
});
