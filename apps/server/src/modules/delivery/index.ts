/** What other modules use of the one delivery path (docs/architecture.md, "The outbox"). */
export {
  queueMail,
  queueMessages,
  type OutboundMail,
  type OutboundMessage,
  type OutboundSms,
  type OutboundWebhook,
} from './outbound-messages';
export { messagesByKey as deliveryStates, type DeliveryState } from './outbound-messages.queries';
