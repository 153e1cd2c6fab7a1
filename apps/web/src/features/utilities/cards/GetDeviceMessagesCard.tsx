import { deviceMessagesRequestSchema, type DeviceMessagesResult } from '@waymark/domain';
import { MessageList } from '../MessageList';
import { UtilityActionForm } from '../UtilityActionForm';

/** Get Device Messages: the newest messages a tracker sent (at most 100). */
export function GetDeviceMessagesCard() {
  return (
    <UtilityActionForm<DeviceMessagesResult>
      action="device-messages"
      schema={deviceMessagesRequestSchema}
      submitLabel="Get Messages"
      fields={[{ name: 'serial', label: 'Serial', kind: 'text', required: true }]}
      renderResult={(data) => <MessageList messages={data.messages} />}
    />
  );
}
