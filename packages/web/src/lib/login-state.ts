import { useLocation } from 'react-router';

/** How the login page shows a handed-over text: good news in green, anything else (e.g. a session that ended) as a notice. */
export type LoginNoticeKind = 'info' | 'success';

/**
 * What a page hands to the login page through navigation state: a text ('Your e-mail address is verified…',
 * 'Your session has expired…'), its kind, and the e-mail to fill in when the page knows it.
 */
interface LoginState {
  notice?: string;
  noticeKind?: LoginNoticeKind;
  email?: string;
}

/** Typed navigation state for `navigate('/login', { state: loginState(…) })`, so senders and reader agree. */
export function loginState(state: LoginState): LoginState {
  return state;
}

/** The login page's view of the state handed over; anything malformed (an old history entry) is ignored. */
export function useLoginState(): { notice: string | null; noticeKind: LoginNoticeKind; email: string } {
  const { state } = useLocation();
  const candidate = (state ?? {}) as Record<string, unknown>;
  const notice = typeof candidate.notice === 'string' ? candidate.notice : null;
  return {
    notice,
    noticeKind: candidate.noticeKind === 'success' ? 'success' : 'info',
    email: typeof candidate.email === 'string' ? candidate.email : '',
  };
}
