import { Button } from '@mantine/core';
import {
  IconDownload,
  IconFilter,
  IconMap,
  IconPolygon,
  IconQuestionMark,
} from '@tabler/icons-react';
import { CHAT_MESSAGES } from '@waymark/domain';
import { ApiError } from '../../api/client';
import { downloadChatFile } from '../../api/scout';
import { toast } from '../../app/toast';
import { CHAT_TOAST_MS } from './constants';
import { useScoutBridge } from './scoutBridge';
import type { UiToolCall } from './thinking';
import { buttonText, toolAction } from './toolActions';

const ICONS = {
  filter: IconFilter,
  map: IconMap,
  polygon: IconPolygon,
  file: IconDownload,
  unsupported: IconQuestionMark,
} as const;

/** Spec 001 §8: 'Error downloading file' plus ' (HTTP {status})' and ': {statusText}'. */
export function downloadError(error: unknown): string {
  let text = CHAT_MESSAGES.downloadError;
  if (error instanceof ApiError && error.status > 0) {
    text += ` (HTTP ${error.status})`;
    if (error.message) text += `: ${error.message}`;
  }
  return text;
}

/**
 * A ui_ tool call as a button (spec 001 §4): it filters the trackers list, moves the map,
 * draws a polygon or downloads a file; other tools say they are not yet supported.
 */
export function ToolActionButton({ call }: { call: UiToolCall }) {
  const bridge = useScoutBridge();
  const action = toolAction(call);
  const Icon = ICONS[action.kind];

  const run = () => {
    switch (action.kind) {
      case 'filter':
        return bridge?.filterDevices(action.ids);
      case 'map':
        return bridge?.showOnMap(action.view);
      case 'polygon':
        return bridge?.drawPolygon(action.polygon);
      case 'file':
        downloadChatFile({ download_url: action.downloadUrl, original_name: action.name }).catch(
          (error: unknown) => toast.error(downloadError(error), { timeout: CHAT_TOAST_MS }),
        );
        return;
      case 'unsupported':
        return toast.warning(action.message, { timeout: CHAT_TOAST_MS });
    }
  };

  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<Icon size={14} />}
      onClick={run}
      data-tool={call.name}
      styles={{ label: { whiteSpace: 'normal' } }}
      h="auto"
      py={4}
    >
      {buttonText(call)}
    </Button>
  );
}
