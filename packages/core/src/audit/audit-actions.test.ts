import { describe, expect, it } from 'vitest';
import { type AuditEventInput, checkAuditEvent } from './audit-actions';

describe('checkAuditEvent', () => {
  it('answers the details of a listed action', () => {
    expect(
      checkAuditEvent({
        action: 'team.role',
        actorUserId: 'u1',
        targetType: 'user',
        targetId: 'u2',
        details: { from: 'STANDARD', to: 'ADMINISTRATOR' },
      }),
    ).toEqual({ from: 'STANDARD', to: 'ADMINISTRATOR' });
    expect(checkAuditEvent({ action: 'auth.sign-in', actorUserId: 'u1', targetType: 'user', targetId: 'u1' })).toBe(
      null,
    );
  });

  it('refuses a detail the catalogue does not list (a secret cannot slip in)', () => {
    const event = {
      action: 'team.role',
      actorUserId: 'u1',
      targetType: 'user',
      targetId: 'u2',
      details: { from: 'STANDARD', to: 'ADMINISTRATOR', password: 'Secret123' },
    } as unknown as AuditEventInput;
    expect(() => checkAuditEvent(event)).toThrow();
  });

  it('refuses details on an action that has none, a wrong target and an unknown action', () => {
    expect(() =>
      checkAuditEvent({
        action: 'auth.sign-in',
        actorUserId: 'u1',
        targetType: 'user',
        targetId: 'u1',
        details: { ip: '1.2.3.4' },
      } as unknown as AuditEventInput),
    ).toThrow();
    expect(() =>
      checkAuditEvent({ action: 'auth.sign-in', actorUserId: 'u1', targetType: 'company', targetId: 'c' } as never),
    ).toThrow('is done to a user');
    expect(() =>
      checkAuditEvent({ action: 'auth.steal', actorUserId: 'u1', targetType: 'user', targetId: 'u1' } as never),
    ).toThrow('unknown audit action');
  });
});
