import { Button, Center, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { reportError } from '../errorReporting';
import { SERVER_ERROR_TEXT, SERVER_ERROR_TITLE } from '../toast';

/** A screen that failed to load or render (often a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    // The router caught it, so the global handlers never see it.
    reportError(error);
  }, [error]);
  return (
    <Center h="100dvh">
      <Stack align="center">
        <Title order={2}>{SERVER_ERROR_TITLE}</Title>
        <Button onClick={() => window.location.reload()}>{SERVER_ERROR_TEXT}</Button>
      </Stack>
    </Center>
  );
}
