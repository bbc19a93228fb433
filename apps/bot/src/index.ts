export { createBot, type CreateBotOptions } from './bot';
export { readConfig, type Config } from './config';
export { decodeButton, encodeButton, type Button, type ButtonAction } from './callback-data';
export { Notifier } from './notifier';
export { registerCommands, GROUP_COMMANDS, PRIVATE_COMMANDS } from './commands';
export { LOCALES, LOCALE_NAMES, translator, type Locale, type Translate } from './i18n';
export { ALLOWED_UPDATES, botFrontEnd, type BotFrontEndOptions, type BotHandle, type BotTransport } from './front-end';
export { botProcess, serve, type RunningBot, type ServeOverrides } from './serve';
