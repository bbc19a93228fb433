/**
 * A chat as plain text, the way a person scrolling it top to bottom reads it: who wrote each
 * message, its text as shown now, its buttons row by row (with their style), and a mark where it
 * was edited. For test failures, snapshots and the demo; not a Bot API view.
 */
import type { InlineKeyboardButton, InlineKeyboardMarkup, TgMessageEntity, TgUser } from './types';
import type { StoredMessage } from './world';

export interface TranscriptOptions {
  /**
   * Everything the simulator keeps, for debugging: deleted messages too (marked "(deleted)"),
   * each message's id ("#7"), and under each edited message its earlier versions, oldest first.
   */
  history?: boolean;
  /**
   * Show formatting as marks: *bold*, _italic_, __underline__, ~strikethrough~, ||spoiler||,
   * `code`, ```pre```, [text](url) for text links and text mentions. Default: plain text.
   */
  marks?: boolean;
}

const INDENT = '  ';

const MARKS: Record<string, (entity: TgMessageEntity) => [string, string]> = {
  bold: () => ['*', '*'],
  italic: () => ['_', '_'],
  underline: () => ['__', '__'],
  strikethrough: () => ['~', '~'],
  spoiler: () => ['||', '||'],
  code: () => ['`', '`'],
  pre: () => ['```', '```'],
  text_link: (e) => ['[', `](${e.url ?? ''})`],
  text_mention: (e) => ['[', `](tg://user?id=${e.user?.id ?? ''})`],
};

/** The text with its formatting entities shown as marks (offsets are UTF-16 units, as in the Bot API). */
export function markedText(text: string, entities: readonly TgMessageEntity[] = []): string {
  const sorted = entities
    .map((entity, index) => ({ entity, index }))
    .filter(({ entity }) => MARKS[entity.type] !== undefined)
    .sort((a, b) => a.entity.offset - b.entity.offset || b.entity.length - a.entity.length || a.index - b.index);
  const inserts: { at: number; close: boolean; rank: number; mark: string }[] = [];
  sorted.forEach(({ entity }, rank) => {
    const [open, close] = MARKS[entity.type]!(entity);
    inserts.push({ at: entity.offset, close: false, rank, mark: open });
    inserts.push({ at: entity.offset + entity.length, close: true, rank, mark: close });
  });
  // at one position: closes first, inner (later opened) ones before outer; then opens, outer first
  inserts.sort((a, b) => a.at - b.at || Number(b.close) - Number(a.close) || (a.close ? b.rank - a.rank : a.rank - b.rank));
  let out = '';
  let at = 0;
  for (const insert of inserts) {
    out += text.slice(at, insert.at) + insert.mark;
    at = insert.at;
  }
  return out + text.slice(at);
}

const nameOf = (user: TgUser | undefined): string => user?.first_name || (user?.username ? `@${user.username}` : 'someone');

function quoted(text: string | undefined, max = 40): string {
  const line = (text ?? '').split('\n')[0]!;
  return `"${line.length > max ? `${line.slice(0, max - 1)}…` : line}"`;
}

/** What a service message says, as Telegram's apps put it. */
function serviceLine(message: StoredMessage): string | undefined {
  const f = message.fields;
  const by = nameOf(message.from);
  if (Array.isArray(f.new_chat_members)) {
    const joined = (f.new_chat_members as TgUser[]).map(nameOf);
    const self = joined.length === 1 && (f.new_chat_members as TgUser[])[0]!.id === message.from.id;
    return self ? `${by} joined the group` : `${by} added ${joined.join(', ')}`;
  }
  if (f.left_chat_member) {
    const left = f.left_chat_member as TgUser;
    return left.id === message.from.id ? `${by} left the group` : `${by} removed ${nameOf(left)}`;
  }
  if (f.pinned_message) {
    const pinned = f.pinned_message as { text?: string; caption?: string };
    return `${by} pinned ${pinned.text !== undefined || pinned.caption !== undefined ? quoted(pinned.text ?? pinned.caption) : 'a message'}`;
  }
  if (f.migrate_to_chat_id !== undefined) return `the group was upgraded to a supergroup`;
  if (f.migrate_from_chat_id !== undefined) return `${by} upgraded the group to a supergroup`;
  if (f.forum_topic_created) return `${by} created the topic ${quoted((f.forum_topic_created as { name: string }).name)}`;
  if (f.forum_topic_edited) return `${by} edited the topic`;
  if (f.forum_topic_closed) return `${by} closed the topic`;
  if (f.forum_topic_reopened) return `${by} reopened the topic`;
  if (f.new_chat_title !== undefined) return `${by} renamed the group to ${quoted(String(f.new_chat_title))}`;
  if (f.group_chat_created || f.supergroup_chat_created) return `${by} created the group`;
  return undefined;
}

const MEDIA = ['photo', 'video', 'animation', 'audio', 'voice', 'video_note', 'document', 'sticker', 'location', 'venue', 'contact', 'poll'];

/** The text lines of one version of a message (at least one line). */
function bodyLines(text: string | undefined, entities: TgMessageEntity[] | undefined, fields: Record<string, unknown>, options: TranscriptOptions): string[] {
  const render = (t: string, e: TgMessageEntity[] | undefined): string => (options.marks ? markedText(t, e) : t);
  if (text !== undefined) return render(text, entities).split('\n');
  const dice = fields.dice as { emoji: string; value: number } | undefined;
  if (dice) return [`${dice.emoji} ${dice.value}`];
  const kind = MEDIA.find((field) => fields[field] !== undefined);
  if (kind) {
    const label = kind === 'poll' ? `[poll] ${(fields.poll as { question?: string }).question ?? ''}`.trimEnd() : `[${kind.replace('_', ' ')}]`;
    const caption = typeof fields.caption === 'string' ? render(fields.caption, fields.caption_entities as TgMessageEntity[] | undefined) : '';
    const lines = caption.split('\n');
    lines[0] = caption ? `${label} ${lines[0]}` : label;
    return lines;
  }
  return ['[message]'];
}

function buttonLabel(button: InlineKeyboardButton): string {
  const link = button.url !== undefined || button.login_url !== undefined ? ' ↗' : '';
  return `[${button.text}${link}]${button.style ? `{${button.style}}` : ''}`;
}

/** One line per keyboard row: `[✅ Believe & roll] [❗ Liar!]{danger}`. */
export function keyboardLines(markup: InlineKeyboardMarkup | undefined): string[] {
  return (markup?.inline_keyboard ?? []).map((row) => row.map(buttonLabel).join(' '));
}

/** The messages of a chat as text, one block per message, oldest first. */
export function renderTranscript(messages: readonly StoredMessage[], options: TranscriptOptions = {}): string {
  const lines: string[] = [];
  for (const message of messages) {
    if (message.deleted && !options.history) continue;
    const id = options.history ? `#${message.id} ` : '';
    const tail = `${message.editDate !== undefined ? ' (edited)' : ''}${message.deleted ? ' (deleted)' : ''}`;
    const service = serviceLine(message);
    if (service !== undefined) {
      lines.push(`${id}— ${service}${tail}`);
      continue;
    }
    const reply = message.replyTo && message.replyTo.chat === message.chat ? ` (reply to ${nameOf(message.replyTo.from)})` : '';
    const body = bodyLines(message.text, message.entities, message.fields, options);
    body[body.length - 1] = `${body[body.length - 1] ?? ''}${tail}`;
    lines.push(`${id}${nameOf(message.from)}${reply}: ${body[0]}`, ...body.slice(1).map((line) => INDENT + line));
    lines.push(...keyboardLines(message.replyMarkup).map((row) => INDENT + row));
    if (options.history) {
      message.history.forEach((version, index) => {
        const earlier = bodyLines(version.text, version.entities, { ...message.fields, caption: undefined }, options);
        lines.push(`${INDENT}· version ${index + 1}: ${earlier[0]}`, ...earlier.slice(1).map((line) => INDENT.repeat(2) + line));
        lines.push(...keyboardLines(version.reply_markup).map((row) => INDENT.repeat(2) + row));
      });
    }
  }
  return lines.join('\n');
}
