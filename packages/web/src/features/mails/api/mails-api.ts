import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAIL_API } from '@under/core/api/mail.contract';
import type { MailStatus } from '@under/core/mail/mail-outbox.schema';
import { useSession } from '../../../lib/session-context';

interface MailsParams {
  status: MailStatus;
  page: number;
  pageSize: number;
}

const MAIL_KEYS = {
  all: ['admin-mails'] as const,
  list: (params: MailsParams) => ['admin-mails', 'list', params] as const,
};

/** GET /api/admin/mails: one page of outbox mails in a status. */
export function useMails(params: MailsParams) {
  const { http } = useSession();
  return useQuery({
    queryKey: MAIL_KEYS.list(params),
    queryFn: ({ signal }) => {
      const { status, page, pageSize } = params;
      return http.call(MAIL_API.listMails, { query: { status, page, pageSize }, signal });
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /api/admin/mails/{id}/retry: a failed mail goes back to the queue. */
export function useRetryMail() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.call(MAIL_API.retryMail, { params: { mailId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MAIL_KEYS.all }),
  });
}
