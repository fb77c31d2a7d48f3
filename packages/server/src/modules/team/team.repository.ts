import type { MemberSort } from '@under/core/accounts/team.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { companies, invitations } from '../../db/schema/index';

export type InvitationRow = typeof invitations.$inferSelect;

export interface MemberRow {
  id: string;
  kind: 'user' | 'invitation';
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  role: string;
  status: string;
  created_at: Date | string;
  expires_at: Date | string | null;
}

// Sort keys map to fixed SQL; nothing the caller sends is spliced into the statement.
const SORT_SQL: Record<MemberSort, string> = {
  createdAt: 'm.created_at',
  email: 'm.email',
  firstName: "lower(coalesce(m.first_name, ''))",
  lastName: "lower(coalesce(m.last_name, ''))",
  role: 'm.role',
  status: 'm.status',
};

export function createTeamRepository(db: DbOrTx) {
  return {
    async findOpenInvitation(companyId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(
          and(eq(invitations.companyId, companyId), eq(invitations.email, email), eq(invitations.status, 'pending')),
        )
        .limit(1);
      return row;
    },

    async findInvitation(companyId: string, id: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.id, id), eq(invitations.companyId, companyId)))
        .limit(1);
      return row;
    },

    async findInvitationByCodeHash(codeHash: string) {
      const [row] = await db
        .select({ invitation: invitations, companyName: companies.name, companyStatus: companies.status })
        .from(invitations)
        .innerJoin(companies, eq(companies.id, invitations.companyId))
        .where(eq(invitations.codeHash, codeHash))
        .limit(1);
      return row;
    },

    async insertInvitation(values: typeof invitations.$inferInsert): Promise<InvitationRow> {
      const [row] = await db.insert(invitations).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async updateInvitation(id: string, patch: Partial<typeof invitations.$inferInsert>): Promise<void> {
      await db
        .update(invitations)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(invitations.id, id));
    },

    /** Marks a pending invitation accepted; false when another request used it first. */
    async acceptInvitation(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ status: 'accepted', acceptedUserId: userId, updatedAt: new Date() })
        .where(and(eq(invitations.id, id), eq(invitations.status, 'pending')))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /**
     * One page of the team: users of the company and its open invitations, searched by e-mail and names,
     * sorted by a known key with the id as tie-breaker so pages never overlap.
     */
    async listMembers(opts: {
      companyId: string;
      q: string | undefined;
      sort: MemberSort;
      order: 'asc' | 'desc';
      limit: number;
      offset: number;
    }): Promise<{ rows: MemberRow[]; total: number }> {
      const members = sql`(
        select u.id, 'user' as kind, u.email, u.first_name, u.last_name, u.phone_number, u.role,
          case when c.status = 'inactive' then 'inactive' else u.status end as status,
          u.created_at, null::timestamptz as expires_at
        from users u join companies c on c.id = u.company_id
        where u.company_id = ${opts.companyId} and u.pool = 'client'
        union all
        select i.id, 'invitation' as kind, i.email, null, null, null, i.role, 'INVITED SENT' as status,
          i.created_at, i.expires_at
        from invitations i
        where i.company_id = ${opts.companyId} and i.status = 'pending'
      ) m`;
      const pattern = opts.q ? likePattern(opts.q) : undefined;
      const where = pattern
        ? sql`where m.email ilike ${pattern} or m.first_name ilike ${pattern} or m.last_name ilike ${pattern}
            or concat_ws(' ', m.first_name, m.last_name) ilike ${pattern}`
        : sql``;
      const orderBy = sql.raw(`${SORT_SQL[opts.sort]} ${opts.order === 'desc' ? 'desc' : 'asc'}, m.id asc`);
      const page = await db.execute(
        sql`select * from ${members} ${where} order by ${orderBy} limit ${opts.limit} offset ${opts.offset}`,
      );
      const counted = await db.execute(sql`select count(*)::int as n from ${members} ${where}`);
      const rows = (page as unknown as { rows: MemberRow[] }).rows;
      const total = Number((counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
      return { rows, total };
    },
  };
}
