/**
 * Every jsonb column that may hold sealed values (envelopes 'enc:v1:<keyId>:...'), for `npm run keys:rotate`: the
 * rotation re-seals every envelope string anywhere in these columns' JSON. A module that stores sealed values in a
 * table of its own appends its column here (identifiers are code, never input).
 */
export interface SealedColumn {
  table: string;
  /** The primary key column (one column), walked in order in batches. */
  key: string;
  /** The type of the key column, to compare it with the last key of a batch. */
  keyType: 'uuid' | 'text' | 'bigint';
  /** The jsonb column holding sealed values. */
  column: string;
}

export const SEALED_COLUMNS: SealedColumn[] = [
  { table: 'applications', key: 'id', keyType: 'uuid', column: 'data' },
  // the applicant vault's remembered answers (decision 039)
  { table: 'applicant_vaults', key: 'id', keyType: 'uuid', column: 'entries' },
  // integrations' credentials and tokens, the OAuth states' PKCE verifiers, processors' credentials (decision 073)
  { table: 'integration_connections', key: 'id', keyType: 'uuid', column: 'secrets' },
  { table: 'integration_oauth_states', key: 'id', keyType: 'uuid', column: 'secrets' },
  { table: 'integration_configs', key: 'id', keyType: 'uuid', column: 'credentials' },
  // button links' signing secrets (decision 084)
  { table: 'button_link_integrations', key: 'id', keyType: 'uuid', column: 'secrets' },
];
