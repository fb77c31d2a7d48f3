/**
 * Labels of the admin's per-form application screens (issue 14; our words). The spec's own texts ('No data') are in
 * core's MESSAGES; the list's shared labels (statuses, columns, filters) are core's APPLICATIONS_TEXT.
 */
export const ADMIN_APPLICATIONS_TEXT = {
  applicationsTitle: (company: string) => `${company}: applications`,
  membersTitle: (company: string) => `${company}: application members`,
  formLine: (form: string) => `Form: ${form}`,
  backToForms: (company: string) => `${company}: forms`,
  screensLabel: 'Form screens',
  navApplications: 'Applications',
  navMembers: 'Members',
  colEmail: 'Primary e-mail',
  membersSearchLabel: 'Search members',
  membersTable: 'Application members',
  applicationsTable: 'Applications of the form',
  membersSearchPlaceholder: 'Name or e-mail',
  colName: 'Name',
  colMemberEmail: 'E-mail',
  colRole: 'Role',
  colApplications: 'Applications',
  colLastActivity: 'Last activity',
  roles: { primary: 'Primary applicant', additional: 'Additional owner' } as Record<string, string>,
  membersNoMatch: 'No member matches',
  membersError: 'The members could not be loaded',
  membersRange: (from: number, to: number, total: number) => `${from}–${to} of ${total} members`,
} as const;
