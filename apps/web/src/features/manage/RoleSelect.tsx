import { Select } from '@mantine/core';
import { ROLE_LABELS, ROLES, type Role } from '@waymark/domain';
import { useAbility } from '../../app/session/useSession';

/** The account roles by their labels; only an admin may hand out Admin. */
export function RoleSelect({ value, onChange }: { value: Role; onChange: (role: Role) => void }) {
  const mayGrantAdmin = useAbility()?.can('manage', 'Account') ?? false;
  return (
    <Select
      label="Role"
      data={ROLES.map((role) => ({
        value: role,
        label: ROLE_LABELS[role],
        disabled: role === 'admin' && !mayGrantAdmin,
      }))}
      value={value}
      onChange={(role) => role && onChange(role as Role)}
      allowDeselect={false}
    />
  );
}
