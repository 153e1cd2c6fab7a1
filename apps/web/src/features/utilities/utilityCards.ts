import type { ComponentType } from 'react';
import { AssignCard } from './cards/AssignCard';
import { AssignRangeCard } from './cards/AssignRangeCard';
import { ChangeDeviceTypeCard } from './cards/ChangeDeviceTypeCard';
import { ClearDeviceCard } from './cards/ClearDeviceCard';
import { DeactivateCard } from './cards/DeactivateCard';
import { GetDeviceMessagesCard } from './cards/GetDeviceMessagesCard';
import { MinutesCard } from './cards/MinutesCard';
import { ProvisionCard } from './cards/ProvisionCard';
import { RefreshPhoneCard } from './cards/RefreshPhoneCard';
import { ReserveCard } from './cards/ReserveCard';
import { ReserveRangeCard } from './cards/ReserveRangeCard';
import { SendBulkCommandCard } from './cards/SendBulkCommandCard';
import { SendCommandCard } from './cards/SendCommandCard';
import { SetFlagsCard } from './cards/SetFlagsCard';
import { SetSubscriptionCard } from './cards/SetSubscriptionCard';
import { SetupCard } from './cards/SetupCard';
import { SwapSimCard } from './cards/SwapSimCard';
import { UnassignDeviceCard } from './cards/UnassignDeviceCard';
import { UnassignSubscriptionCard } from './cards/UnassignSubscriptionCard';

export interface UtilityCard {
  /** The card's heading, as spec 002 §2.6 names it; 'Filter Actions' matches on it. */
  title: string;
  /** More words the filter finds the card by. */
  keywords: string[];
  component: ComponentType;
}

/** The cards of the Utilities page in the spec's order (spec 002 §2.6). */
export const UTILITY_CARDS: UtilityCard[] = [
  { title: 'Provision', keywords: ['inventory', 'register', 'new'], component: ProvisionCard },
  { title: 'Reserve', keywords: ['inventory'], component: ReserveCard },
  { title: 'Setup', keywords: ['name', 'note', 'voice'], component: SetupCard },
  { title: 'Assign', keywords: ['account', 'inventory'], component: AssignCard },
  { title: 'Deactivate', keywords: ['block', 'subscription'], component: DeactivateCard },
  { title: 'Change Device Type', keywords: ['model'], component: ChangeDeviceTypeCard },
  { title: 'Add/Remove Minutes', keywords: ['audio', 'live'], component: MinutesCard },
  { title: 'Set Subscription', keywords: ['status', 'plan'], component: SetSubscriptionCard },
  { title: 'Refresh Phone Number', keywords: ['sim', 'sms'], component: RefreshPhoneCard },
  { title: 'Reserve Range', keywords: ['inventory', 'serials'], component: ReserveRangeCard },
  { title: 'Unassign Subscription', keywords: ['detach'], component: UnassignSubscriptionCard },
  { title: 'Unassign Device', keywords: ['inventory', 'remove'], component: UnassignDeviceCard },
  { title: 'Assign Range', keywords: ['account', 'serials'], component: AssignRangeCard },
  { title: 'Send Commands', keywords: ['command', 'sms'], component: SendCommandCard },
  {
    title: 'Get Device Messages',
    keywords: ['positions', 'events'],
    component: GetDeviceMessagesCard,
  },
  { title: 'Swap SIM', keywords: ['iccid', 'sim card'], component: SwapSimCard },
  { title: 'Send Bulk Command', keywords: ['commands', 'many'], component: SendBulkCommandCard },
  { title: 'Set Flags', keywords: ['settings', 'account'], component: SetFlagsCard },
  {
    title: 'Clear Device',
    keywords: ['positions', 'delete', 'history'],
    component: ClearDeviceCard,
  },
];

/** The cards whose title (or keywords) contain the filter text, case-insensitively. */
export function filterCards(cards: readonly UtilityCard[], filter: string) {
  const text = filter.trim().toLowerCase();
  if (!text) return [...cards];
  return cards.filter(
    (card) =>
      card.title.toLowerCase().includes(text) ||
      card.keywords.some((k) => k.toLowerCase().includes(text)),
  );
}
