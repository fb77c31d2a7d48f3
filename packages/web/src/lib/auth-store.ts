/**
 * The signed-in state of one app, outside React so the HTTP client and timers can read and change it.
 * The access token lives here, in memory only: a page reload restores it from the HttpOnly refresh cookie.
 */
export type AuthStatus = 'restoring' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  accessToken: string | null;
  /** Set by GET /api/me status 'inactive' or a 403 'auth/user-deactivated'. */
  isDeactivated: boolean;
  /**
   * The app is taking the user to login itself (log-out, session end) with a notice of its own:
   * route guards then stay quiet instead of racing it with their own redirect.
   */
  isLeaving: boolean;
}

export interface AuthStore {
  getState(): AuthState;
  /** Stores a fresh access token and marks the user signed in. */
  setAccessToken(token: string): void;
  /** Forgets the token and every flag; `isLeaving` when the app navigates to login on its own. */
  clear(options?: { isLeaving?: boolean }): void;
  markDeactivated(): void;
  /** The login page is showing: guards may redirect again. */
  finishLeaving(): void;
  subscribe(listener: () => void): () => void;
}

export function createAuthStore(initial: AuthStatus = 'restoring'): AuthStore {
  let state: AuthState = { status: initial, accessToken: null, isDeactivated: false, isLeaving: false };
  const listeners = new Set<() => void>();

  function set(next: AuthState) {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    setAccessToken(token) {
      set({ ...state, status: 'signed-in', accessToken: token, isLeaving: false });
    },
    clear(options = {}) {
      set({ status: 'signed-out', accessToken: null, isDeactivated: false, isLeaving: options.isLeaving ?? false });
    },
    finishLeaving() {
      if (state.isLeaving) set({ ...state, isLeaving: false });
    },
    markDeactivated() {
      if (!state.isDeactivated) set({ ...state, isDeactivated: true });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
