import { chainHash, eventPayload } from '../../../db/repositories/audit.repository';

/** One stored event as the verifier reads it. */
interface ChainEvent {
  at: Date;
  actorUserId: string | null;
  companyId: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  chainSeq: number | null;
  prevHash: string | null;
  hash: string | null;
}

/**
 * Walks an application's chain from its first event (decision 044): each event must be the next number, name its
 * predecessor's hash, and hash to its own stored hash; the head (the last number and hash written) must be the last
 * event's. The first event that fails is where the chain is broken: an edited event fails its own hash, a removed
 * one leaves a gap (or, at the end, a head ahead of the last event).
 */
export function verifyChain(
  events: readonly ChainEvent[],
  head: { seq: number; hash: string } | undefined,
): { intact: boolean; brokenAt: number | null; events: number } {
  let prev = '';
  let expected = 1;
  for (const e of events) {
    const seq = e.chainSeq ?? -1;
    if (seq !== expected) return broken(expected, events.length);
    if (e.prevHash !== prev) return broken(seq, events.length);
    const payload = eventPayload({
      at: e.at,
      actorUserId: e.actorUserId,
      companyId: e.companyId,
      action: e.action,
      targetType: e.targetType ?? '',
      targetId: e.targetId ?? '',
      details: e.details,
      ip: e.ip,
      userAgent: e.userAgent,
    });
    if (chainHash(prev, seq, payload) !== e.hash) return broken(seq, events.length);
    prev = e.hash;
    expected++;
  }
  if (head && (head.seq !== expected - 1 || head.hash !== prev)) return broken(expected, events.length);
  if (!head && events.length > 0) return broken(1, events.length);
  return { intact: true, brokenAt: null, events: events.length };
}

const broken = (at: number, count: number) => ({ intact: false, brokenAt: at, events: count });
