import { useState } from 'react';
import {
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconRouter, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { filterCards, UTILITY_CARDS } from './utilityCards';

/**
 * UtilityView (/utility), platform admins only (spec 002 §2.6): the admin action cards under
 * a 'Filter Actions' box; what each does is docs/architecture.md, "Utilities".
 */
export function UtilityPage() {
  const [filter, setFilter] = useState('');
  const cards = filterCards(UTILITY_CARDS, filter);
  return (
    <Container size="xl" py="xl" w="100%">
      <Stack>
        <Group justify="space-between">
          <Title order={1} size="h3">
            Utilities
          </Title>
          {/* What to set on a unit before Provision or Assign makes it a tracker (issue 41). */}
          <Button
            component={Link}
            to="/device-setup"
            size="xs"
            variant="default"
            leftSection={<IconRouter size={14} />}
          >
            Device setup
          </Button>
        </Group>
        <TextInput
          aria-label="Filter Actions"
          placeholder="Filter Actions"
          leftSection={<IconSearch size={16} />}
          maw={360}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        {cards.length === 0 && <Text c="dimmed">No action matches the filter</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {cards.map(({ title, component: Card }) => (
            <Paper key={title} withBorder radius="md" p="md" component="section" aria-label={title}>
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {title}
                </Title>
                <Card />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
