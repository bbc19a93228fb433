/**
 * What every Bot API method handler works with: the world, the calling bot and its parameters,
 * typed by @grammyjs/types (the Bot API types grammY itself uses) per method.
 */
import type { ApiMethods, Opts as AllOpts } from '@grammyjs/types';
import type { Params } from '../params';
import type { WebhookOptions } from '../webhook';
import type { BotRecord, World } from '../world';

/** A file as the server reads it from a multipart upload (the `F` of the Bot API types). */
export interface Upload {
  filename: string;
  size: number;
  mimetype: string;
}

export type Method = keyof ApiMethods<Upload>;

/** Parameters Telegram still accepts though the Bot API types no longer list them. */
export interface LegacyParams {
  disable_web_page_preview?: boolean;
  allow_sending_without_reply?: boolean;
  reply_to_message_id?: number;
}

/** The documented parameters of a method. */
export type Opts<M extends Method> = AllOpts<Upload>[M] & LegacyParams;

/** The documented result of a method. */
export type Result<M extends Method> = ReturnType<ApiMethods<Upload>[M]>;

/** A successful answer that also carries a description, like setWebhook's "Webhook was set". */
export class Described<T = unknown> {
  constructor(
    readonly result: T,
    readonly description: string,
  ) {}
}

export interface MethodContext<M extends Method = Method> {
  world: World;
  bot: BotRecord;
  /** As they arrived (strings, JSON strings or objects): each handler checks what it reads. */
  params: Params<Opts<M>>;
  /** Aborted when the client goes away (ends a long poll). */
  signal: AbortSignal;
  webhookOptions: WebhookOptions;
}

export type Handler<M extends Method> = (ctx: MethodContext<M>) => Result<M> | Described<Result<M>> | Promise<Result<M>>;

/** The handlers by method name, each typed by its own method. */
export type HandlerTable = { [M in Method]?: Handler<M> };
