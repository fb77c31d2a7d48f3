import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import type { AuthContext } from '../../../auth-context';
import type { Db } from '../../../db/client';
import { writeAudit } from '../../../db/repositories/audit.repository';
import { AppError } from '../../../errors';
import type { FieldCrypto } from '../../../infra/field-crypto/field-crypto';
import { type FormGrants, loadVisibleApplication } from '../access/visible-application';
import { findEncryptedValue } from './reveal-path';

export type RevealService = ReturnType<typeof createRevealService>;

/**
 * Reveal of one encrypted value to a client ADMINISTRATOR (issue 12, decision 038): every other read of an
 * application returns encrypted fields masked.
 */
export function createRevealService(deps: { db: Db; fieldCrypto: FieldCrypto; forms: FormGrants }) {
  const { db, fieldCrypto } = deps;

  return {
    /**
     * POST /api/applications/:applicationId/reveal. Only the ADMINISTRATOR of the application's company (the route
     * lets only administrators in; decision 065's guard: another company's application or a draft is 404, as an
     * unknown one); the path must name a
     * value of an encrypted field of the form version the application was made on (else 400). The audit event, with
     * the path and never the value, is written in the same transaction as the read: no reveal without its record.
     */
    async reveal(opts: { auth: AuthContext; applicationId: string; path: string }) {
      return db.transaction(async (tx) => {
        const { application, form } = await loadVisibleApplication(tx, opts.auth, opts.applicationId, {
          grants: deps.forms,
        });
        const found = form ? findEncryptedValue(form, application.data, opts.path) : { ok: false as const };
        if (!found.ok) {
          throw new AppError(ERROR_CODES.validation, MESSAGES.revealNotEncrypted, [
            { path: 'path', message: MESSAGES.revealNotEncrypted },
          ]);
        }
        const value = revealText(fieldCrypto, found.value);
        await writeAudit(tx, {
          action: 'application.reveal',
          actorUserId: opts.auth.userId,
          companyId: application.companyId,
          targetType: 'application',
          targetId: application.id,
          details: { path: opts.path },
        });
        return { path: opts.path, value };
      });
    },
  };
}

/** The plaintext of a stored value as text: an envelope opened, several values joined, nothing as ''. */
function revealText(fieldCrypto: FieldCrypto, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return fieldCrypto.isSealed(value) ? fieldCrypto.decryptValue(value) : value;
  if (Array.isArray(value)) return value.map((v) => revealText(fieldCrypto, v)).join(', ');
  if (typeof value === 'object') {
    return JSON.stringify(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revealText(fieldCrypto, v)])));
  }
  return String(value);
}
