/** A moment of an application's life as the institution reads it: `Nov 28, 2026, 2:25 AM` (the browser's zone). */
export const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
