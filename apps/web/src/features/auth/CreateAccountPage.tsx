import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { MESSAGES, ROLE_LABELS, USER_ACCESS_MESSAGES } from '@waymark/domain';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useConfig } from '../../api/config';
import { acceptInvitation, useInvitation } from '../../api/manage';
import { session } from '../../api/session';
import { loadSession } from '../../app/session/loadSession';
import { GENERIC_ERROR } from '../../app/toast';
import { PasswordField } from '../../components/PasswordField';
import { NewPasswordFields } from './NewPasswordFields';
import { AuthCard } from './AuthCard';
import { passwordHints } from './passwordRules';

/**
 * CreateAccountView: the invitation e-mail's link /create-account?account=..&token=.. lands
 * here; the invitee chooses a name and password, or, when the address already has a login,
 * gives its password to accept, and arrives signed in, in the account.
 */
export function CreateAccountPage() {
  const [params] = useSearchParams();
  const accountId = Number(params.get('account')) || 0;
  const token = params.get('token') ?? '';
  const invitation = useInvitation(accountId, token);
  const config = useConfig();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hints = passwordHints(password, confirmation);
  const invalid = !accountId || !token || invitation.data === null;
  const hasLogin = invitation.data?.has_login === true;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const accepted = await acceptInvitation(
        accountId,
        hasLogin
          ? { token, password }
          : { token, name: name.trim(), password, password_confirmation: confirmation },
      );
      session.setToken(accepted.token);
      session.setAccountId(accepted.account_id);
      const outcome = await loadSession(config, '/trackers');
      if (outcome.kind === 'leave') {
        window.location.assign(outcome.url);
        return;
      }
      void navigate('/', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : GENERIC_ERROR);
      setSubmitting(false);
    }
  };

  if (invalid) {
    return (
      <AuthCard title="Create your account">
        <Alert color="red" variant="light" role="alert">
          {USER_ACCESS_MESSAGES.invitationInvalid}
        </Alert>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to login
        </Anchor>
      </AuthCard>
    );
  }

  const invited = invitation.data;
  if (hasLogin) {
    return (
      <AuthCard title="Accept your invitation">
        <Text size="sm">
          You are invited to <b>{invited?.account.title}</b> as{' '}
          {invited && ROLE_LABELS[invited.role]}. Enter the password of your Waymark login{' '}
          {invited?.email} to accept.
        </Text>
        <form onSubmit={(event) => void onSubmit(event)} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Button type="submit" fullWidth disabled={!password || submitting}>
              {submitting ? 'Accepting...' : 'Accept Invitation'}
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Create your account">
      {invited ? (
        <Text size="sm">
          You are invited to <b>{invited.account.title}</b> as {ROLE_LABELS[invited.role]}, with the
          e-mail {invited.email}.
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Loading...
        </Text>
      )}
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            required
          />
          <NewPasswordFields
            label="Password"
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
          />
          <Button
            type="submit"
            fullWidth
            disabled={!invited || !hints.valid || !name.trim() || submitting}
            title={name.trim() ? undefined : MESSAGES.nameRequired}
          >
            {submitting ? 'Creating account...' : 'Create Account'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
