import type { DeviceMessage } from '@waymark/domain';
import type { MessageRow } from './commands.queries';

export function presentMessage(m: MessageRow): DeviceMessage {
  return {
    id: m.id,
    created_at: m.created_at.toISOString(),
    translation: m.translation,
    message_to_device: m.message_to_device,
    message_from_device: m.message_from_device,
    status: m.status,
    send_via: m.send_via,
  };
}
