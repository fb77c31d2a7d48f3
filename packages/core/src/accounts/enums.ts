/** Roles of spec 1 §3. Client users carry ADMINISTRATOR or STANDARD; platform staff carry admin. */
export const ROLES = ['admin', 'user', 'client', 'STANDARD', 'ADMINISTRATOR'] as const;
export type Role = (typeof ROLES)[number];

/** Client team roles used by this product (spec 1 §6: admin/ADMINISTRATOR and user/STANDARD are the same two). */
export const TEAM_ROLES = ['ADMINISTRATOR', 'STANDARD'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** User status of spec 1 §3 ('' is "or empty"). */
export const USER_STATUSES = ['inactive', 'active', 'INVITED', 'INVITED SENT', ''] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ACCOUNT_STATUSES = ['active', 'inactive'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Spec 1 §6: a client user is displayed as client standard, others as client administrator. */
export function displayRole(role: string | null | undefined): string {
  if (role === 'user' || role === 'STANDARD') return 'client standard';
  return 'client administrator';
}

/** Spec 1 §4: company status 'inactive' overrides the user's status. */
export function effectiveUserStatus(userStatus: string, companyStatus: string | null | undefined): string {
  return companyStatus === 'inactive' ? 'inactive' : userStatus;
}
