import { TagsInput } from '@mantine/core';

interface RecipientInputsProps {
  emails: string[];
  phones: string[];
  onEmails: (emails: string[]) => void;
  onPhones: (phones: string[]) => void;
  onBlur: (field: 'notification_emails' | 'notification_phone_numbers') => void;
  emailsError?: string | undefined;
  phonesError?: string | undefined;
}

/** 'Notify via email' and 'Notify via SMS': lists, each entry ended by Enter or a comma. */
export function RecipientInputs({
  emails,
  phones,
  onEmails,
  onPhones,
  onBlur,
  emailsError,
  phonesError,
}: RecipientInputsProps) {
  return (
    <>
      <TagsInput
        label="Notify via email"
        placeholder="Type an e-mail address and press Enter"
        value={emails}
        onChange={onEmails}
        onBlur={() => onBlur('notification_emails')}
        acceptValueOnBlur
        clearable
        error={emailsError}
      />
      <TagsInput
        label="Notify via SMS"
        placeholder="Type a phone number and press Enter"
        value={phones}
        onChange={onPhones}
        onBlur={() => onBlur('notification_phone_numbers')}
        acceptValueOnBlur
        clearable
        error={phonesError}
      />
    </>
  );
}
