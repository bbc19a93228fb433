export { createBot, type CreateBotOptions } from './bot';
export { readConfig, type Config } from './config';
export { decodeButton, encodeButton, type Button, type ButtonAction } from './callback-data';
export { Notifier } from './notifier';
