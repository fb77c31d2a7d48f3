import { useEffect, useRef, useState } from 'react';
import { createDraftSaver, type DraftSaver, type DraftSaverOptions, type SaveStatus } from './draft-saver';

/**
 * The draft saver bound to the page's life: created once, flushed with keepalive on page hide (pagehide, or the tab
 * hidden: a phone may never fire pagehide), sending what waits when the browser is back online.
 */
export function useDraftSaver(options: Omit<DraftSaverOptions, 'onStatus' | 'isOnline'>): {
  saver: DraftSaver;
  status: SaveStatus;
} {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const ref = useRef<DraftSaver | null>(null);
  if (!ref.current) {
    ref.current = createDraftSaver({ ...options, onStatus: setStatus, isOnline: () => navigator.onLine !== false });
  }
  const saver = ref.current;
  useEffect(() => {
    const hide = () => void saver.flush({ keepalive: true });
    const visibility = () => {
      if (document.visibilityState === 'hidden') hide();
    };
    const online = () => saver.online();
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('online', online);
    };
  }, [saver]);
  return { saver, status };
}
