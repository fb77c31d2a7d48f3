/** A LIKE/ILIKE pattern matching `q` anywhere: `%`, `_` and `\` typed into a search box are matched literally. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
