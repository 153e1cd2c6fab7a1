import { InputBase } from '@mantine/core';
import { PHONE_MASK } from '@waymark/domain';
import { IMaskInput } from 'react-imask';

interface PhoneInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
}

export function PhoneInput({ label, value, onChange, onBlur, error }: PhoneInputProps) {
  return (
    <InputBase
      component={IMaskInput}
      mask={PHONE_MASK}
      label={label}
      type="tel"
      autoComplete="tel"
      placeholder="(555) 555-5555"
      value={value}
      onAccept={(next: string) => onChange(next)}
      onBlur={onBlur}
      error={error}
    />
  );
}
