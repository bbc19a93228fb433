export { ManualClock, systemClock, type Clock } from './clock.ts';
export { ApiError } from './errors.ts';
export type { FaultKind, FaultSpec, Faults } from './faults.ts';
export { NO_LIMITS, TELEGRAM_LIMITS, type Limits } from './limits.ts';
export { BOT_API_METHODS } from './methods/index.ts';
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
} from './sim.ts';
export { findEntities, formatText, parseHtml, parseMarkdown, parseMarkdownV2, type FormattedText } from './text.ts';
export type * from './types.ts';
export type { WebhookOptions } from './webhook.ts';
export type { ApiCall, CallbackAnswer, MessageVersion, Notification, NotificationReason, Popup } from './world.ts';
export { BUTTON_STYLES, type ButtonStyle } from './markup.ts';
export { keyboardLines, markedText, type TranscriptOptions } from './transcript.ts';
export { startRoundRobin, type Forwarded, type RoundRobin, type RoundRobinOptions } from './balancer.ts';
