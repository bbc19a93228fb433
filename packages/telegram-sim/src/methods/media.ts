/** Sending files: photos, audio, documents, videos, animations, voice and video notes, stickers. */
import type { Message } from '@grammyjs/types';
import { badRequest } from '../errors';
import { Params } from '../params';
import type { World } from '../world';
import type { Handler, Opts, Result } from './context';
import { captionText, rendered, send } from './common';

function fileOf(value: unknown, kind: string, world: World): Record<string, unknown> {
  const unique = `${kind}_${world.now().toString(36)}_${Math.floor(world.options.random() * 1e9).toString(36)}`;
  if (typeof value === 'string' && value && !value.startsWith('attach://')) {
    return { file_id: value, file_unique_id: unique };
  }
  const upload = (value as { filename?: string; size?: number } | undefined) ?? {};
  return {
    file_id: `AgAC${unique}`,
    file_unique_id: unique,
    ...(upload.size !== undefined ? { file_size: upload.size } : {}),
    ...(upload.filename ? { file_name: upload.filename } : {}),
  };
}

export type MediaMethod =
  | 'sendPhoto'
  | 'sendLivePhoto'
  | 'sendAudio'
  | 'sendDocument'
  | 'sendVideo'
  | 'sendAnimation'
  | 'sendVoice'
  | 'sendVideoNote'
  | 'sendSticker';

export const MEDIA: Record<MediaMethod, { field: string; shape: (file: Record<string, unknown>) => unknown }> = {
  sendPhoto: { field: 'photo', shape: (f) => [{ ...f, width: 1280, height: 720 }] },
  sendLivePhoto: { field: 'photo', shape: (f) => [{ ...f, width: 1280, height: 720 }] },
  sendAudio: { field: 'audio', shape: (f) => ({ ...f, duration: 1 }) },
  sendDocument: { field: 'document', shape: (f) => f },
  sendVideo: { field: 'video', shape: (f) => ({ ...f, width: 1280, height: 720, duration: 1 }) },
  sendAnimation: { field: 'animation', shape: (f) => ({ ...f, width: 320, height: 240, duration: 1 }) },
  sendVoice: { field: 'voice', shape: (f) => ({ ...f, duration: 1 }) },
  sendVideoNote: { field: 'video_note', shape: (f) => ({ ...f, length: 240, duration: 1 }) },
  sendSticker: { field: 'sticker', shape: (f) => ({ ...f, type: 'regular', width: 512, height: 512, is_animated: false, is_video: false }) },
};

export function sendMedia<M extends MediaMethod>(method: M): Handler<M> {
  const { field, shape } = MEDIA[method];
  const input = method === 'sendLivePhoto' ? 'photo' : field;
  return (ctx) => {
    // which parameter holds the file depends on the method, and the caption parameters are the
    // same in every media method with a caption: read them through those views
    const file = new Params(ctx.params.raw);
    const captioned = new Params<Opts<'sendPhoto'>>(ctx.params.raw);
    const { message } = send(ctx, () => {
      if (!file.has(input)) throw badRequest(`there is no ${input} in the request`);
      const caption = method === 'sendSticker' ? undefined : captionText(captioned, 'message caption is too long');
      const fields: Record<string, unknown> = { [field]: shape(fileOf(ctx.params.raw[input], field, ctx.world)) };
      if (caption) {
        fields.caption = caption.text;
        if (caption.entities.length > 0) fields.caption_entities = caption.entities;
      }
      return { fields };
    });
    return rendered<Message>(ctx.world, message) as Result<M>;
  };
}
