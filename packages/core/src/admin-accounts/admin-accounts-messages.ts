/** Texts of the admin back office: ours (spec silent; decision 033). */
export const ADMIN_ACCOUNTS_MESSAGES = {
  unknownPlan: 'Unknown subscription plan.',
  adminExists: 'An admin user with this e-mail already exists.',
  lastActiveAdmin: 'The last active admin user cannot be deactivated. Invite or activate another admin first.',
} as const;
