import { accountTools } from './scout-account-tools';
import { queryTools } from './scout-query-tool';
import type { ScoutTool } from './scout-tool';
import { trackerTools } from './scout-tracker-tools';
import { uiTools } from './scout-ui-tools';

/** Every tool Scout may call, by name. */
export const SCOUT_TOOLS: ScoutTool[] = [
  ...queryTools,
  ...trackerTools,
  ...accountTools,
  ...uiTools,
];
export const SCOUT_TOOLS_BY_NAME = new Map(SCOUT_TOOLS.map((tool) => [tool.name, tool]));
