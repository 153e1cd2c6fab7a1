import { useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useAdminAccounts } from '../../api/admin';
import { useModels } from '../../api/rules';

interface PickerProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
  required?: boolean;
}

/** Any account, searched by title on the server (GET /admin/accounts). */
export function AccountPicker(props: PickerProps) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const accounts = useAdminAccounts({ page: 1, perPage: 20, query });
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const options = (accounts.data?.data ?? []).map((a) => ({
    value: String(a.id),
    label: `${a.title} (#${a.id})`,
  }));
  // The chosen account stays an option while another search is typed.
  const data =
    chosen && props.value === chosen.value && !options.some((o) => o.value === chosen.value)
      ? [chosen, ...options]
      : options;
  return (
    <Select
      label={props.label}
      placeholder="Search accounts"
      searchable
      clearable
      required={props.required}
      data={data}
      value={props.value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={accounts.isFetching ? 'Searching...' : 'No account matches'}
      onChange={(value, option) => {
        setChosen(value ? option : null);
        props.onChange(value);
      }}
      error={props.error}
    />
  );
}

/** A tracker model (GET /models). */
export function ModelPicker(props: PickerProps) {
  const models = useModels();
  return (
    <Select
      label={props.label}
      placeholder="Choose a model"
      searchable
      required={props.required}
      data={(models.data ?? []).map((m) => ({
        value: String(m.id),
        label: `${m.title} (${m.device_type})`,
      }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}
