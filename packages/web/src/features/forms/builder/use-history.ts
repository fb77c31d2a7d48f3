import { useCallback, useEffect, useRef, useState } from 'react';

const LIMIT = 200;
/** Edits of the same attribute within this time are one undo step (typing a label is one step, not ten). */
const COALESCE_MS = 1_000;

interface History<T> {
  present: T;
  canUndo: boolean;
  canRedo: boolean;
  set(next: T, coalesceKey?: string): void;
  undo(): T | undefined;
  redo(): T | undefined;
  reset(next: T): void;
}

export function useHistory<T>(initial: T): History<T> {
  const [state, setState] = useState({ past: [] as T[], present: initial, future: [] as T[] });
  const last = useRef<{ key: string; at: number } | undefined>(undefined);
  const stateRef = useRef(state);
  stateRef.current = state;

  const set = useCallback((next: T, coalesceKey?: string) => {
    const now = Date.now();
    const merge = coalesceKey !== undefined && last.current?.key === coalesceKey && now - last.current.at < COALESCE_MS;
    last.current = coalesceKey === undefined ? undefined : { key: coalesceKey, at: now };
    setState((s) => {
      if (Object.is(s.present, next)) return s;
      return merge
        ? { past: s.past, present: next, future: [] }
        : { past: [...s.past, s.present].slice(-LIMIT), present: next, future: [] };
    });
  }, []);

  const undo = useCallback(() => {
    const s = stateRef.current;
    const previous = s.past.at(-1);
    if (previous === undefined) return undefined;
    last.current = undefined;
    const next = { past: s.past.slice(0, -1), present: previous, future: [s.present, ...s.future] };
    stateRef.current = next;
    setState(next);
    return previous;
  }, []);

  const redo = useCallback(() => {
    const s = stateRef.current;
    const following = s.future[0];
    if (following === undefined) return undefined;
    last.current = undefined;
    const next = { past: [...s.past, s.present], present: following, future: s.future.slice(1) };
    stateRef.current = next;
    setState(next);
    return following;
  }, []);

  const reset = useCallback((next: T) => {
    last.current = undefined;
    setState({ past: [], present: next, future: [] });
  }, []);

  return {
    present: state.present,
    canUndo: state.past.length > 0,
    canRedo: state.future.length > 0,
    set,
    undo,
    redo,
    reset,
  };
}

/** Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) while `enabled`, except while typing, where the input's own undo applies. */
export function useUndoKeys(undo: () => void, redo: () => void, enabled: boolean) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || !enabled) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) {
        event.preventDefault();
        undo();
      } else if ((key === 'z' && event.shiftKey) || key === 'y') {
        event.preventDefault();
        redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, enabled]);
}
