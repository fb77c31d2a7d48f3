import { describe, expect, it } from 'vitest';
import {
  ApplicationListQuerySchema,
  ChangeStatusBodySchema,
  canChangeStatus,
  LISTED_STATUSES,
  STATUS_TRANSITIONS,
} from './application-list.schema';

describe('status transitions (decision 042)', () => {
  it('decides only a pending application and revises a decision by reopening it', () => {
    const allowed = LISTED_STATUSES.flatMap((from) =>
      LISTED_STATUSES.filter((to) => canChangeStatus(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(['approved->pending', 'denied->pending', 'pending->approved', 'pending->denied']);
    expect(STATUS_TRANSITIONS.invite_sent).toEqual([]);
    expect(canChangeStatus('draft', 'pending')).toBe(false);
  });

  it('needs a reason to deny, and a blank reason is none', () => {
    expect(ChangeStatusBodySchema.safeParse({ newStatus: 'denied' }).success).toBe(false);
    expect(ChangeStatusBodySchema.safeParse({ newStatus: 'denied', reason: '  ' }).success).toBe(false);
    expect(ChangeStatusBodySchema.parse({ newStatus: 'denied', reason: ' Missing ID ' })).toEqual({
      newStatus: 'denied',
      reason: 'Missing ID',
      notifyApplicant: false,
    });
    expect(ChangeStatusBodySchema.safeParse({ newStatus: 'invite_sent' }).success).toBe(false);
  });
});

describe('ApplicationListQuerySchema', () => {
  it('takes one or repeated statuses, defaults the rest, refuses drafts and reversed dates', () => {
    expect(ApplicationListQuerySchema.parse({ statuses: 'pending' })).toMatchObject({
      statuses: ['pending'],
      page: 1,
      pageSize: 10,
      sort: 'updatedAt',
      order: 'desc',
    });
    expect(ApplicationListQuerySchema.parse({ statuses: ['pending', 'denied'] }).statuses).toEqual([
      'pending',
      'denied',
    ]);
    expect(ApplicationListQuerySchema.safeParse({ statuses: 'draft' }).success).toBe(false);
    expect(ApplicationListQuerySchema.safeParse({ startDate: '2026-02-01', endDate: '2026-01-31' }).success).toBe(
      false,
    );
    expect(ApplicationListQuerySchema.safeParse({ startDate: '2026-02-01', endDate: '2026-02-01' }).success).toBe(true);
  });
});
