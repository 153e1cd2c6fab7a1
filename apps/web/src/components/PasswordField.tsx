import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine names the eye button "Toggle password visibility", which makes a label search for
 * "Password" find two elements; this name keeps the field's label the only match.
 */
export function PasswordField(props: PasswordInputProps) {
  return (
    <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show characters' }} {...props} />
  );
}
