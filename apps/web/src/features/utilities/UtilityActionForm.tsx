import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { z } from 'zod';
import { firstFieldErrors, type UtilityResult } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { useUtilityAction } from '../../api/utilities';
import { AccountPicker, ModelPicker } from './pickers';

/** One input of a card; `name` is the request field it fills. */
export type FieldSpec = {
  name: string;
  label: string;
  required?: boolean;
  description?: string;
} & (
  | { kind: 'text' | 'textarea'; placeholder?: string }
  | { kind: 'number'; min?: number; max?: number; placeholder?: string }
  | { kind: 'account' | 'model' }
  | { kind: 'select'; options: { value: string; label: string }[] }
  | { kind: 'segmented'; options: string[] }
  | { kind: 'switch' }
);

export type FormValues = Record<string, unknown>;

export interface UtilityActionFormProps<R extends UtilityResult> {
  /** The server action: POST /admin/utilities/{action}. */
  action: string;
  fields: FieldSpec[];
  /** The request schema the server validates with (from @waymark/domain). */
  schema: z.ZodType;
  submitLabel: string;
  initial?: FormValues;
  /** The request body from the values; by default each field as its request type. */
  toBody?: (values: FormValues) => unknown;
  /** Keeps the button disabled, e.g. until a confirmation is typed. */
  blocked?: (values: FormValues) => boolean;
  /** Shown above the button (Clear Device's warning). */
  warning?: ReactNode;
  /** More of the answer than its message (Get Device Messages' list). */
  renderResult?: (data: R) => ReactNode;
}

function defaultBody(fields: FieldSpec[], values: FormValues) {
  const body: FormValues = {};
  for (const field of fields) {
    const value = values[field.name];
    if (value === undefined || value === null || value === '') continue;
    body[field.name] = field.kind === 'account' || field.kind === 'model' ? Number(value) : value;
  }
  return body;
}

/**
 * The form of one Utilities card: its inputs, validated with the server's schema before
 * sending, and the answer below it (the server's message, green on success, red on failure).
 */
export function UtilityActionForm<R extends UtilityResult>(props: UtilityActionFormProps<R>) {
  const [values, setValues] = useState<FormValues>(props.initial ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useUtilityAction<R>(props.action);
  const set = (name: string) => (value: unknown) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = (props.toBody ?? ((v) => defaultBody(props.fields, v)))(values);
    const parsed = props.schema.safeParse(body);
    if (!parsed.success) {
      // Each message under the input its top-level field fills.
      setErrors(
        firstFieldErrors(
          parsed.error.issues.map((issue) => ({ ...issue, path: issue.path.slice(0, 1) })),
          props.fields[0]?.name,
        ),
      );
      mutation.reset();
      return;
    }
    setErrors({});
    mutation.mutate(body, {
      onError: (error) => {
        if (error instanceof ApiError) {
          setErrors(
            Object.fromEntries(
              Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']),
            ),
          );
        }
      },
    });
  };

  const fieldError = (name: string) => errors[name];
  const unplaced = Object.keys(errors).filter((k) => !props.fields.some((f) => f.name === k));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {props.fields.map((field) => {
          const common = {
            label: field.label,
            required: field.required ?? false,
            description: field.description,
            error: fieldError(field.name),
          };
          const value = values[field.name];
          switch (field.kind) {
            case 'text':
              return (
                <TextInput
                  key={field.name}
                  {...common}
                  placeholder={field.placeholder}
                  value={(value as string) ?? ''}
                  onChange={(e) => set(field.name)(e.currentTarget.value)}
                />
              );
            case 'textarea':
              return (
                <Textarea
                  key={field.name}
                  {...common}
                  autosize
                  minRows={2}
                  placeholder={field.placeholder}
                  value={(value as string) ?? ''}
                  onChange={(e) => set(field.name)(e.currentTarget.value)}
                />
              );
            case 'number':
              return (
                <NumberInput
                  key={field.name}
                  {...common}
                  allowDecimal={false}
                  min={field.min}
                  max={field.max}
                  placeholder={field.placeholder}
                  value={(value as number | '') ?? ''}
                  onChange={(v) => set(field.name)(typeof v === 'number' ? v : '')}
                />
              );
            case 'account':
              return (
                <AccountPicker
                  key={field.name}
                  {...common}
                  value={(value as string | null) ?? null}
                  onChange={set(field.name)}
                />
              );
            case 'model':
              return (
                <ModelPicker
                  key={field.name}
                  {...common}
                  value={(value as string | null) ?? null}
                  onChange={set(field.name)}
                />
              );
            case 'select':
              return (
                <Select
                  key={field.name}
                  {...common}
                  searchable
                  data={field.options}
                  value={(value as string | null) ?? null}
                  onChange={set(field.name)}
                />
              );
            case 'segmented':
              return (
                <Stack key={field.name} gap={4}>
                  <Text size="sm" fw={500}>
                    {field.label}
                  </Text>
                  <SegmentedControl
                    aria-label={field.label}
                    data={field.options}
                    value={(value as string) ?? field.options[0]}
                    onChange={set(field.name)}
                  />
                </Stack>
              );
            case 'switch':
              return (
                <Switch
                  key={field.name}
                  label={field.label}
                  checked={Boolean(value)}
                  onChange={(e) => set(field.name)(e.currentTarget.checked)}
                />
              );
          }
        })}
        {unplaced.map((name) => (
          <Text key={name} size="sm" c="red">
            {errors[name]}
          </Text>
        ))}
        {props.warning}
        <Button
          type="submit"
          loading={mutation.isPending}
          disabled={props.blocked?.(values) ?? false}
        >
          {props.submitLabel}
        </Button>
        {mutation.isSuccess && (
          <Alert color="green" role="status" p="xs">
            <Text size="sm">{mutation.data.message}</Text>
            {props.renderResult?.(mutation.data)}
          </Alert>
        )}
        {mutation.isError && (
          <Alert color="red" role="alert" p="xs">
            <Text size="sm">{mutation.error.message || 'An error occurred'}</Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
