import type { Pool } from '@under/core/auth/pools';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthState, AuthStore } from './auth-store';
import type { HttpClient, SignedOutEvent } from './http';

/** A boolean the timer sets outside React and a component shows (the inactivity alert). */
export interface Flag {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createFlag(initial = false): Flag {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Everything a page needs to talk to the API as the signed-in user of its app. */
export interface Session {
  pool: Pool;
  http: HttpClient;
  auth: AuthStore;
  /** Where signed-in users land: '/' (client) or '/pdf-mapping' (admin). */
  homePath: string;
  /** True while the 'Your session is about to expire' alert is open. */
  sessionAlert: Flag;
  signOut(event?: SignedOutEvent): Promise<void>;
  /** 'Stay signed in': any answer counts as activity on both sides. */
  staySignedIn(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export const SessionProvider = SessionContext.Provider;

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  return session;
}

export function useAuthState(): AuthState {
  const { auth } = useSession();
  return useSyncExternalStore(auth.subscribe, auth.getState);
}

export function useFlag(flag: Flag): boolean {
  return useSyncExternalStore(flag.subscribe, flag.get);
}
