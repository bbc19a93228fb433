export { ManualClock, systemClock, type Clock } from './clock';
export { ApiError } from './errors';
export type { FaultKind, FaultSpec, Faults } from './faults';
export { NO_LIMITS, TELEGRAM_LIMITS, type Limits } from './limits';
export { BOT_API_METHODS } from './methods/index';
export {
  SimGroup,
  SimPrivateChat,
  SimUser,
  TelegramSim,
  type BotInfo,
  type BotRef,
  type ChatHandle,
  type NotificationQuery,
  type SimMessage,
  type SimOptions,
} from './sim';
export { findEntities, formatText, parseHtml, parseMarkdown, parseMarkdownV2, type FormattedText } from './text';
export type * from './types';
export type { WebhookOptions } from './webhook';
export type { ApiCall, CallbackAnswer, MessageVersion, Notification, NotificationReason, Popup } from './world';
export { BUTTON_STYLES, type ButtonStyle } from './markup';
export { keyboardLines, markedText, type TranscriptOptions } from './transcript';
export { startRoundRobin, type Forwarded, type RoundRobin, type RoundRobinOptions } from './balancer';
