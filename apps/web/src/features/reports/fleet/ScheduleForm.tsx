import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconDeviceFloppy, IconMailForward } from '@tabler/icons-react';
import type {
  ReportFrequency,
  ReportScheduleCreate,
  ReportScheduleFormat,
  ReportScheduleKind,
} from '@waymark/domain';
import { ApiError } from '../../../api/client';
import type { FleetQuery } from '../../../api/fleetReports';
import {
  useCreateReportSchedule,
  useScheduleRecipients,
  useUpdateReportSchedule,
  type ApiReportSchedule,
} from '../../../api/reportSchedules';
import { toast } from '../../../app/toast';
import { FORMATS, FREQUENCIES, REPORTS, trackersText } from './scheduleTexts';

interface ScheduleFormProps {
  accountId: number;
  userId: number;
  /** The trackers and groups chosen above: what a new schedule reports on. */
  query: FleetQuery;
  /** The schedule being edited; none: a new one. */
  editing: ApiReportSchedule | null;
  /** Called when an edit is saved or given up. */
  onDone: () => void;
}

/**
 * The schedule's form: a new one, or (with `editing`) an existing one filled in. Recipients are
 * users of the account, picked by name (the signed-in user first chosen for a new one), and
 * addresses typed in. A new schedule reports on the trackers chosen above; an edited one keeps
 * its own unless asked to take those.
 */
export function ScheduleForm({ accountId, userId, query, editing, onDone }: ScheduleFormProps) {
  const recipients = useScheduleRecipients(accountId);
  const create = useCreateReportSchedule(accountId);
  const update = useUpdateReportSchedule(accountId);
  const [name, setName] = useState(editing?.name ?? '');
  const [report, setReport] = useState<ReportScheduleKind>(editing?.report ?? 'summary');
  const [frequency, setFrequency] = useState<ReportFrequency>(editing?.frequency ?? 'daily');
  const [format, setFormat] = useState<ReportScheduleFormat>(editing?.format ?? 'xlsx');
  const [users, setUsers] = useState<string[]>((editing?.user_ids ?? [userId]).map(String));
  const [emails, setEmails] = useState<string[]>(editing?.emails ?? []);
  const [takeChosen, setTakeChosen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const people = (recipients.data ?? []).map((p) => ({
    value: String(p.id),
    label: p.id === userId ? `${p.name} (you)` : p.name,
  }));
  const chosenTrackers = { device_ids: query.deviceIds, group_ids: query.groupIds };
  const trackers =
    editing && !takeChosen
      ? { device_ids: editing.device_ids, group_ids: editing.group_ids }
      : chosenTrackers;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const body: ReportScheduleCreate = {
      name,
      report,
      frequency,
      format,
      ...trackers,
      user_ids: users.map(Number),
      emails,
    };
    const onError = (failure: Error) => {
      const fields = failure instanceof ApiError ? Object.values(failure.errors) : [];
      setError(fields[0]?.[0] ?? failure.message);
    };
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            toast.success('Schedule saved');
            onDone();
          },
          onError,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: () => {
        toast.success('Report scheduled');
        setName('');
        setEmails([]);
      },
      onError,
    });
  };

  return (
    <form
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing.name}` : 'Schedule a report'}
      noValidate
    >
      <Stack gap="xs">
        {editing && (
          <Title order={4} size="h6">
            Editing {editing.name}
          </Title>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={100}
            w={220}
          />
          <Select
            label="Report"
            data={REPORTS}
            value={report}
            onChange={(v) => v && setReport(v as ReportScheduleKind)}
            allowDeselect={false}
            w={120}
          />
          <Select
            label="Every"
            data={FREQUENCIES}
            value={frequency}
            onChange={(v) => v && setFrequency(v as ReportFrequency)}
            allowDeselect={false}
            w={120}
          />
          <Select
            label="File"
            data={FORMATS}
            value={format}
            onChange={(v) => v && setFormat(v as ReportScheduleFormat)}
            allowDeselect={false}
            w={100}
          />
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MultiSelect
            label="Users"
            placeholder={users.length === 0 ? 'Pick users of the account' : undefined}
            data={people}
            value={users}
            onChange={setUsers}
            searchable
            nothingFoundMessage="No user of the account by that name"
            w={320}
            maw="100%"
          />
          <TagsInput
            label="E-mail addresses"
            placeholder="name@example.com, Enter"
            value={emails}
            onChange={setEmails}
            splitChars={[',', ' ', ';']}
            w={320}
            maw="100%"
          />
          {editing ? (
            <Group gap="xs">
              <Button
                type="submit"
                leftSection={<IconDeviceFloppy size={16} />}
                loading={update.isPending}
              >
                Save
              </Button>
              <Button variant="default" onClick={onDone}>
                Cancel
              </Button>
            </Group>
          ) : (
            <Button
              type="submit"
              leftSection={<IconMailForward size={16} />}
              loading={create.isPending}
            >
              Schedule
            </Button>
          )}
        </Group>
        {editing && (
          <Checkbox
            label={`Report on the trackers chosen above (${trackersText(chosenTrackers)}) instead`}
            checked={takeChosen}
            onChange={(e) => setTakeChosen(e.currentTarget.checked)}
          />
        )}
        <Text size="xs" c="dimmed">
          Reports on {trackersText(trackers, 'every tracker')}
          {editing && !takeChosen ? '' : ', as chosen above'}, over each whole period on the
          recipient’s clock; mailed once the period has ended.
          {editing && ' A changed frequency starts with its next whole period.'}
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </form>
  );
}
