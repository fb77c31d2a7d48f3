import { Badge } from '@mantine/core';
import type { Member } from '@under/core/accounts/team.schema';
import { UI_TEXT } from '@under/core/ui-text';

function memberStatusText(member: Member): string {
  if (member.kind === 'invitation') {
    return member.invitation?.expired ? UI_TEXT.statusInvitationExpired : UI_TEXT.statusInvited;
  }
  return member.status === 'active' ? UI_TEXT.statusActive : UI_TEXT.statusInactive;
}

function color(member: Member): string {
  if (member.kind === 'invitation') return member.invitation?.expired ? 'orange' : 'blue';
  return member.status === 'active' ? 'green' : 'gray';
}

/** A dot and a word: readable on white (the light badge colours are not, for WCAG contrast). */
export function MemberStatusBadge({ member }: { member: Member }) {
  return (
    <Badge variant="dot" color={color(member)} size="md" tt="none" fw={500}>
      {memberStatusText(member)}
    </Badge>
  );
}

export function memberName(member: Member): string {
  return [member.firstName, member.lastName].filter(Boolean).join(' ');
}

export const ADMIN_ROLES = new Set(['ADMINISTRATOR', 'admin']);
