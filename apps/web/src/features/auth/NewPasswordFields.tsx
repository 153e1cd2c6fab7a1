import { PasswordField } from '../../components/PasswordField';
import { passwordHints } from './passwordRules';

/**
 * A new password and its confirmation, with the hints of spec 002 §5 under them: the forms
 * that set a password (reset, create account, account settings) write them alike.
 */
export function NewPasswordFields({
  label = 'New password',
  password,
  confirmation,
  onPassword,
  onConfirmation,
}: {
  label?: string;
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
}) {
  const hints = passwordHints(password, confirmation);
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.currentTarget.value)}
        description={hints.passwordHint}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.currentTarget.value)}
        error={hints.confirmationError}
      />
    </>
  );
}
