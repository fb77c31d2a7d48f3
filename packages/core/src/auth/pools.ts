/** The two user pools: client app users and platform admins. An account of one pool never signs in to the other. */
export const POOLS = ['client', 'admin'] as const;
export type Pool = (typeof POOLS)[number];
