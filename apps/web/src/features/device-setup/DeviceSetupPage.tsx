import { Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useDeviceSetup } from '../../api/deviceSetup';
import { useSession } from '../../app/session/useSession';
import { ModelPicker } from '../utilities/pickers';
import { SetupDetails } from './SetupDetails';

/**
 * DeviceSetupView (/device-setup; issue 41), for account admins and platform admins: pick a
 * model and read the host, port and commands that point its units at this server. The model
 * is kept in `?model_id=`, so a link can open the guide of one model.
 */
export function DeviceSetupPage() {
  const view = useSession();
  const [params, setParams] = useSearchParams();
  const picked = params.get('model_id');
  const modelId = picked && /^\d+$/.test(picked) ? Number(picked) : null;
  // A platform admin may have no account open; their call needs none.
  const where = view?.me.is_gpx_admin || !view?.account ? 'admin' : { accountId: view.account.id };
  const setup = useDeviceSetup(modelId, where);
  return (
    <Container size="md" py="xl" w="100%">
      <Stack>
        <Title order={1} size="h3">
          Device setup
        </Title>
        <Text c="dimmed">
          Pick a tracker model to see where its units must report and the commands that point them
          at this server.
        </Text>
        <div style={{ maxWidth: 420 }}>
          <ModelPicker
            label="Model"
            value={modelId === null ? null : String(modelId)}
            onChange={(value) => setParams(value ? { model_id: value } : {}, { replace: true })}
          />
        </div>
        {setup.isFetching && !setup.data && <Loader size="sm" aria-label="Loading the guide" />}
        {setup.data && <SetupDetails setup={setup.data} />}
      </Stack>
    </Container>
  );
}
