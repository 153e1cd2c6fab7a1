import { ACCOUNT_FLAGS, FLAG_SETTING_CODES, setFlagsSchema } from '@waymark/domain';
import { UtilityActionForm } from '../UtilityActionForm';

const OPTIONS = [
  ...ACCOUNT_FLAGS.map((code) => ({ value: code, label: `${code} (flag)` })),
  ...FLAG_SETTING_CODES.map((code) => ({ value: code, label: `${code} (setting)` })),
];

/** Set Flags: one of an account's flags or on/off settings, per run. */
export function SetFlagsCard() {
  return (
    <UtilityActionForm
      action="flags"
      schema={setFlagsSchema}
      submitLabel="Set Flag"
      initial={{ value: 'On' }}
      fields={[
        { name: 'account_id', label: 'Account', kind: 'account', required: true },
        {
          name: 'flag',
          label: 'Flag or setting',
          kind: 'select',
          options: OPTIONS,
          required: true,
        },
        { name: 'value', label: 'Value', kind: 'segmented', options: ['On', 'Off'] },
      ]}
      toBody={(values) => {
        const code = values.flag as string | null | undefined;
        const on = values.value !== 'Off';
        const isFlag = (ACCOUNT_FLAGS as readonly string[]).includes(code ?? '');
        return {
          account_id: values.account_id ? Number(values.account_id) : undefined,
          flags: code && isFlag ? { [code]: on } : {},
          settings: code && !isFlag ? { [code]: on } : {},
        };
      }}
    />
  );
}
