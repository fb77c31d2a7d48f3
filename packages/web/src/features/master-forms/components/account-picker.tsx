import { MultiSelect } from '@mantine/core';
import { ADMIN_ACCOUNTS_TEXT } from '@under/core/ui-text/admin-accounts';
import { useState } from 'react';
import { useAccountNames, useAccountSearch } from '../api/master-forms-api';

/**
 * Client accounts picked by name (Form Extended Access): type 3 letters or more of a name, pick from the answers. The
 * value stays a list of account ids; the ids already chosen are shown by their names.
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
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = useAccountNames(value);
  const search = useAccountSearch(searchText.trim());
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
      nothingFoundMessage={searchText.trim().length >= 3 ? ADMIN_ACCOUNTS_TEXT.pickerNothing : undefined}
      filter={({ options }) => options}
      hidePickedOptions
      clearable
    />
  );
}
