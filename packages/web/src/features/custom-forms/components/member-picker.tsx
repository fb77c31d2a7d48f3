import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useState } from 'react';
import { useMemberNames, useMemberSearch } from '../api/custom-forms-api';

interface MemberLike {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

function memberLabel(m: MemberLike): string {
  const name = [m.firstName, m.lastName].filter(Boolean).join(' ');
  return name ? `${name} (${m.email})` : m.email;
}

/**
 * Members picked by name or e-mail (template permissions): type 3 characters or more, pick from the answers (20 at
 * most, searched by the server), so a team of any size works. The value stays a list of user ids; those already
 * granted are shown by their names.
 */
export function MemberPicker({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const [searchText, setSearchText] = useState('');
  const [q] = useDebouncedValue(searchText.trim(), 300);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const names = useMemberNames(value);
  const search = useMemberSearch(q.length <= 50 ? q : '');
  const known: Record<string, string> = { ...picked };
  value.forEach((id, i) => {
    const one = names[i];
    if (one?.data) known[id] = memberLabel(one.data);
    else if (one?.isError && !known[id]) known[id] = T.formerMember;
  });
  const results = search.data ?? [];
  for (const m of results) known[m.id] = memberLabel(m);
  const ids = [...new Set([...value, ...results.map((m) => m.id)])];
  return (
    <MultiSelect
      label={T.membersLabel}
      description={T.memberPickerDescription}
      placeholder={T.memberPickerPlaceholder}
      searchable
      searchValue={searchText}
      onSearchChange={setSearchText}
      data={ids.map((id) => ({ value: id, label: known[id] ?? '…' }))}
      value={value}
      onChange={(next) => {
        setPicked((p) => ({ ...p, ...Object.fromEntries(next.map((id) => [id, known[id] ?? id])) }));
        onChange(next);
      }}
      nothingFoundMessage={q.length >= 3 && search.isSuccess ? T.memberPickerNothing : undefined}
      filter={({ options }) => options}
      hidePickedOptions
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
