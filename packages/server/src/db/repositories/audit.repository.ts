import { createHash } from 'node:crypto';
import { type AuditEventInput, checkAuditEvent } from '@under/core/audit/audit-actions';
import { type SQL, sql } from 'drizzle-orm';
import { currentRequest } from '../../plugins/request-context';
import type { DbOrTx } from '../client';
import { applicationAuditHeads, auditEvents } from '../schema/index';

/**
 * Audit events (core's catalogue `AUDIT_ACTIONS`), written in the caller's transaction so an event commits or rolls
 * back with the change it records; the details are checked against the action's schema first. Every event carries
 * the request's IP and user agent (plugins/request-context). Events of an application are chained (decision 044).
 */
export async function writeAudit(db: DbOrTx, event: AuditEventInput): Promise<void> {
  const parts = auditWriteParts(db, [event]);
  await db.execute(withParts(parts));
}

/** One CTE of a statement: `name as (sql)`. */
export interface NamedPart {
  name: string;
  sql: SQL;
}

/** `with a as (…), b as (…) select 1`: one statement, one round trip. */
export function withParts(parts: readonly NamedPart[]): SQL {
  const list = sql.join(
    parts.map((p) => sql`${sql.raw(p.name)} as (${p.sql})`),
    sql`, `,
  );
  return sql`with ${list} select 1`;
}

/** An event as it is stored and hashed. */
interface StoredEvent {
  at: Date;
  actorUserId: string | null;
  companyId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
}

/** JSON with object keys sorted at every depth: one text for one value, however jsonb reorders it. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k])}`).join(',')}}`;
}

/** The text of an event that its hash covers (everything but its place in the chain). */
export function eventPayload(e: StoredEvent): string {
  return canonicalJson({
    at: e.at.toISOString(),
    actorUserId: e.actorUserId,
    companyId: e.companyId,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    details: e.details,
    ip: e.ip,
    userAgent: e.userAgent,
  });
}

/** hash = SHA-256 hex of `prevHash|seq|payload` (what the database computes with sha256() when it writes). */
export function chainHash(prevHash: string, seq: number, payload: string): string {
  return createHash('sha256').update(`${prevHash}|${seq}|${payload}`, 'utf8').digest('hex');
}

const hashSql = (prev: SQL, seq: SQL, payload: unknown): SQL =>
  sql`encode(sha256(convert_to(${prev} || '|' || (${seq})::text || '|' || ${payload}::text, 'UTF8')), 'hex')`;

/**
 * The writes of some audit events as CTE parts of one statement (no round trip of their own): events of an
 * application advance its chain head by one upsert (the row lock orders two writers of one application) and are
 * inserted with their numbers and hashes computed from the head's previous hash. Several events of one application
 * in one batch are chained in order. Other events are plain inserts. The parts' names are numbered per call (the same
 * events' shape gives the same text, which PostgreSQL then parses once per connection, decision 076): one call's
 * parts per statement.
 */
export function auditWriteParts(
  db: DbOrTx,
  events: readonly AuditEventInput[],
  /**
   * `onlyIf`: the name of another part of the same statement; the events are written only when it answers a row
   * (an optimistic write whose guard did not match writes no event, decision 081). Application events only.
   */
  opts: { onlyIf?: string } = {},
): NamedPart[] {
  let partCounter = 0;
  const stored = storedEvents(events);
  const parts: NamedPart[] = [];
  const plain = stored.filter((e) => e.targetType !== 'application');
  if (plain.length > 0 && opts.onlyIf) throw new Error('a guarded audit write takes application events only');
  if (plain.length > 0) {
    parts.push({ name: `audit_p${partCounter++}`, sql: db.insert(auditEvents).values(plain).getSQL() });
  }
  const byApplication = new Map<string, StoredEvent[]>();
  for (const e of stored) {
    if (e.targetType !== 'application') continue;
    byApplication.set(e.targetId, [...(byApplication.get(e.targetId) ?? []), e]);
  }
  for (const [applicationId, list] of byApplication) {
    const n = partCounter++;
    const values = chainValues(applicationId, list, n);
    parts.push(...chainParts(n, list.length, opts.onlyIf, (name) => values[name]));
  }
  return parts;
}

/**
 * The events of ONE application as `auditWriteParts(db, events, { onlyIf })` writes them, split in a statement
 * built once per shape (`auditChainTemplate(count, onlyIf)`: its values are placeholders) and the values of these
 * events (`auditChainValues`): the applicant's autosave builds no SQL per request (decision 081). Same text, same
 * values, same rows as `auditWriteParts`.
 */
export function auditChainTemplate(count: number, onlyIf: string): NamedPart[] {
  return chainParts(0, count, onlyIf, (name) => sql.placeholder(name));
}

/** The placeholders' values of `auditChainTemplate(events.length, …)` for these events (checked, as always). */
export function auditChainValues(events: readonly AuditEventInput[]): Record<string, unknown> {
  const stored = storedEvents(events);
  const first = stored[0];
  if (!first || stored.some((e) => e.targetType !== 'application' || e.targetId !== first.targetId)) {
    throw new Error('an audit chain template takes the events of one application');
  }
  return chainValues(first.targetId, stored, 0);
}

/** Events as they are stored: checked against their action's schema, with the request's IP and user agent. */
function storedEvents(events: readonly AuditEventInput[]): StoredEvent[] {
  const context = currentRequest();
  const at = new Date();
  return events.map(
    (event): StoredEvent => ({
      at,
      actorUserId: event.actorUserId,
      companyId: event.companyId ?? null,
      action: event.action,
      targetType: event.targetType,
      targetId: event.targetId,
      details: checkAuditEvent(event),
      ip: context.ip,
      userAgent: context.userAgent,
    }),
  );
}

/** Every value a chain's parts send, by the name `chainParts` asks for it (`audit<n>_…`). */
function chainValues(applicationId: string, list: readonly StoredEvent[], n: number): Record<string, unknown> {
  const values: Record<string, unknown> = { [`audit${n}_app`]: applicationId };
  list.forEach((e, i) => {
    const at = `audit${n}_${i}_`;
    values[`${at}at`] = e.at.toISOString();
    values[`${at}actor`] = e.actorUserId;
    values[`${at}company`] = e.companyId;
    values[`${at}action`] = e.action;
    values[`${at}type`] = e.targetType;
    values[`${at}target`] = e.targetId;
    values[`${at}details`] = e.details === null ? null : JSON.stringify(e.details);
    values[`${at}ip`] = e.ip;
    values[`${at}ua`] = e.userAgent;
    values[`${at}payload`] = eventPayload(e);
  });
  return values;
}

/**
 * A chain's parts for `k` events of one application (numbered `n` in the statement); `v(name)` gives the chunk of
 * each value named by `chainValues`: the value itself, or a placeholder (a statement built once per shape).
 */
function chainParts(n: number, k: number, onlyIf: string | undefined, v: (name: string) => unknown): NamedPart[] {
  const head = `audit_h${n}`;
  const applicationId = v(`audit${n}_app`);
  const payloads = Array.from({ length: k }, (_, i) => v(`audit${n}_${i}_payload`));
  // the new head's hash from a previous hash, through every event of the batch
  const through = (prev: SQL, firstSeq: SQL): SQL =>
    payloads.reduce<SQL>((acc, payload, i) => hashSql(acc, sql`${firstSeq} + ${i}`, payload), prev);
  const h = applicationAuditHeads;
  const upsert = sql`insert into ${h} as x (${sql.identifier('application_id')}, ${sql.identifier('seq')}, ${sql.identifier('hash')}, ${sql.identifier('prev_hash')})
    ${
      onlyIf
        ? sql`select ${applicationId}::uuid, ${k}::int, ${through(sql`''`, sql`1`)}, '' where exists (select 1 from ${sql.raw(onlyIf)})`
        : sql`values (${applicationId}, ${k}, ${through(sql`''`, sql`1`)}, '')`
    }
    on conflict (${sql.identifier('application_id')}) do update set
      ${sql.identifier('seq')} = x.seq + ${k},
      ${sql.identifier('hash')} = ${through(sql`x.hash`, sql`x.seq + 1`)},
      ${sql.identifier('prev_hash')} = x.hash
    returning x.seq - ${k} as base, x.prev_hash as prev`;
  // each event: its number and its hash, chained from the batch's previous hash
  const rows = Array.from({ length: k }, (_, i) => {
    const at = `audit${n}_${i}_`;
    const seq = sql`${sql.raw(head)}.base + ${i + 1}`;
    const prev =
      i === 0
        ? sql`${sql.raw(head)}.prev`
        : payloads
            .slice(0, i)
            .reduce<SQL>(
              (acc, payload, j) => hashSql(acc, sql`${sql.raw(head)}.base + ${j + 1}`, payload),
              sql`${sql.raw(head)}.prev`,
            );
    return sql`select ${v(`${at}at`)}::timestamptz, ${v(`${at}actor`)}::uuid, ${v(`${at}company`)}::uuid, ${v(`${at}action`)}, ${v(`${at}type`)}, ${v(`${at}target`)}, ${v(`${at}details`)}::jsonb, ${v(`${at}ip`)}, ${v(`${at}ua`)}, ${applicationId}::uuid, ${seq}, ${prev}, ${hashSql(prev, seq, payloads[i])} from ${sql.raw(head)}`;
  });
  const insert = sql`insert into ${auditEvents} (${sql.raw('at, actor_user_id, company_id, action, target_type, target_id, details, ip, user_agent, application_id, chain_seq, prev_hash, hash')}) ${sql.join(rows, sql` union all `)}`;
  return [
    { name: head, sql: upsert },
    { name: `audit_e${n}`, sql: insert },
  ];
}
