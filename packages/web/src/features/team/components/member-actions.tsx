import { ActionIcon, Menu } from '@mantine/core';
import { displayRole, type TeamRole } from '@under/core/accounts/enums';
import type { Member } from '@under/core/accounts/team.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useResendInvitation, useRevokeInvitation, useSetMemberRole, useSetMemberStatus } from '../api/team-api';
import { ADMIN_ROLES } from './member-status';

/** What an administrator can do to one member or invitation; asks first before deactivating or revoking. */
export function useMemberActions() {
  const setStatus = useSetMemberStatus();
  const setRole = useSetMemberRole();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [confirming, setConfirming] = useState<{ kind: 'deactivate' | 'revoke'; member: Member } | null>(null);

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      notifySuccess(success);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  }

  const changeRole = (member: Member, role: TeamRole) =>
    run(() => setRole.mutateAsync({ id: member.id, role }), UI_TEXT.roleChanged(member.email, displayRole(role)));
  const activate = (member: Member) =>
    run(() => setStatus.mutateAsync({ id: member.id, status: 'active' }), UI_TEXT.memberActivated(member.email));
  const resendInvitation = (member: Member) =>
    run(() => resend.mutateAsync(member.id), UI_TEXT.invitationResent(member.email));

  async function confirm() {
    if (!confirming) return;
    const { kind, member } = confirming;
    if (kind === 'deactivate') {
      await run(
        () => setStatus.mutateAsync({ id: member.id, status: 'inactive' }),
        UI_TEXT.memberDeactivated(member.email),
      );
    } else {
      await run(() => revoke.mutateAsync(member.id), UI_TEXT.invitationRevokedDone(member.email));
    }
    setConfirming(null);
  }

  const dialog = (
    <ConfirmDialog
      opened={confirming !== null}
      title={confirming?.kind === 'revoke' ? UI_TEXT.revokeConfirmTitle : UI_TEXT.deactivateConfirmTitle}
      message={
        confirming
          ? confirming.kind === 'revoke'
            ? UI_TEXT.revokeConfirmText(confirming.member.email)
            : UI_TEXT.deactivateConfirmText(confirming.member.email)
          : ''
      }
      confirmLabel={confirming?.kind === 'revoke' ? UI_TEXT.revokeInvitation : UI_TEXT.deactivateMember}
      isDanger
      isBusy={setStatus.isPending || revoke.isPending}
      onConfirm={() => void confirm()}
      onCancel={() => setConfirming(null)}
    />
  );

  return {
    dialog,
    changeRole,
    activate,
    resendInvitation,
    askDeactivate: (member: Member) => setConfirming({ kind: 'deactivate', member }),
    askRevoke: (member: Member) => setConfirming({ kind: 'revoke', member }),
  };
}

type MemberActions = ReturnType<typeof useMemberActions>;

/** The "…" menu of a row. */
export function MemberActionsMenu({ member, actions, href }: { member: Member; actions: MemberActions; href: string }) {
  const isAdmin = ADMIN_ROLES.has(member.role);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={240}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="dark" aria-label={UI_TEXT.memberActionsLabel(member.email)}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {member.kind === 'invitation' ? (
          <>
            <Menu.Item onClick={() => void actions.resendInvitation(member)}>{UI_TEXT.resendInvitation}</Menu.Item>
            <Menu.Item color="red" onClick={() => actions.askRevoke(member)}>
              {UI_TEXT.revokeInvitation}
            </Menu.Item>
          </>
        ) : (
          <>
            <Menu.Item component={Link} to={href}>
              {UI_TEXT.viewMember}
            </Menu.Item>
            <Menu.Item onClick={() => void actions.changeRole(member, isAdmin ? 'STANDARD' : 'ADMINISTRATOR')}>
              {isAdmin ? UI_TEXT.makeStandard : UI_TEXT.makeAdministrator}
            </Menu.Item>
            <Menu.Divider />
            {member.status === 'active' ? (
              <Menu.Item color="red" onClick={() => actions.askDeactivate(member)}>
                {UI_TEXT.deactivateMember}
              </Menu.Item>
            ) : (
              <Menu.Item onClick={() => void actions.activate(member)}>{UI_TEXT.activateMember}</Menu.Item>
            )}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}
