import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MAX } from '@under/core/constants';
import { ADMIN_ACCOUNTS_TEXT } from '@under/core/ui-text/admin-accounts';
import { useState } from 'react';
import { useAccountNames, useAccountSearch } from '../api/master-forms-api';

/**
 * Client accounts picked by name (Form Extended Access): type 3 letters or more of a name, pick from the answers. The
 * value stays a list of account ids; the ids already chosen are shown by their names. The search waits for a pause in
 * typing (one request per word, not per keystroke) and is not sent past the server's limit of SEARCH_MAX characters.
 */
export function AccountPicker({
  label,
  description,
  value,
  onChange,
}: {
  label: string;
  description: string;
  value: string[];
  onChange: (ids: string[]) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const [q] = useDebouncedValue(searchText.trim(), 300);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = useAccountNames(value);
  const search = useAccountSearch(q.length <= SEARCH_MAX ? q : '');
  const known: Record<string, string> = { ...picked };
  for (const a of names.data?.items ?? []) known[a.id] = a.name;
  const results = search.data?.items ?? [];
  for (const a of results) known[a.id] = a.name;
  const ids = [...new Set([...value, ...results.map((a) => a.id)])];
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={ADMIN_ACCOUNTS_TEXT.pickerPlaceholder}
      searchable
      searchValue={searchText}
      onSearchChange={setSearchText}
      data={ids.map((id) => ({ value: id, label: known[id] ?? id }))}
      value={value}
      onChange={(next) => {
        setPicked((p) => ({ ...p, ...Object.fromEntries(next.map((id) => [id, known[id] ?? id])) }));
        onChange(next);
      }}
      nothingFoundMessage={q.length >= 3 && search.isSuccess ? ADMIN_ACCOUNTS_TEXT.pickerNothing : undefined}
      filter={({ options }) => options}
      hidePickedOptions
      clearable
    />
  );
}
