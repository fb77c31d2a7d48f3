/**
 * Mantine's light alerts colour their title with a mid shade (yellow, orange, red on a pale background), below
 * WCAG's 4.5:1; titles in near-black keep the alert's colour cue in its background and icon.
 */
export const readableAlert = { title: { color: 'var(--mantine-color-dark-8)' } } as const;
export const readableErrorAlert = { title: { color: 'var(--mantine-color-red-9)' } } as const;
