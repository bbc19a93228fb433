/**
 * The HTTP side: `${apiRoot}/bot<token>/<method>` answered like api.telegram.org, parameters read
 * from the query string and a JSON, form-urlencoded or multipart body; faults injected here.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { performance } from 'node:perf_hooks';
import { ApiError, notFound, tooManyRequests, unauthorized } from './errors';
import type { ActiveFault, Faults } from './faults';
import { canonicalMethod, Described, handlerOf } from './methods/index';
import { Params } from './params';
import type { WebhookOptions } from './webhook';
import type { BotRecord, World } from './world';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export interface ServerOptions {
  host: string;
  port: number;
  webhook: WebhookOptions;
  logger: boolean;
  /** The network's round trip to Telegram (see SimOptions.latencyMs); 0: none. */
  latencyMs: number;
}

const PATH = /^\/bot([^/]*)\/(?:test\/)?([^/]*)\/?$/;

/** Runs one Bot API method for a bot and answers it as Telegram would (never throws). */
export async function execute(world: World, bot: BotRecord, method: string, params: Params, signal: AbortSignal, webhook: WebhookOptions): Promise<Answer> {
  const name = canonicalMethod(method);
  if (!name) return { status: 404, body: notFound().toJSON() };
  try {
    const out = await handlerOf(name)({ world, bot, params, signal, webhookOptions: webhook });
    if (out instanceof Described) return { status: 200, body: { ok: true, result: out.result, description: out.description } };
    return { status: 200, body: { ok: true, result: out } };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.code, body: error.toJSON() };
    // a bug of the simulator: answer like Telegram's own failures, and say so on stderr
    console.error(`telegram-sim: ${name} failed`, error);
    return { status: 500, body: new ApiError(500, 'Internal Server Error').toJSON() };
  }
}

const faultAnswer = (fault: ActiveFault): Answer | undefined => {
  switch (fault.kind) {
    case 'tooManyRequests':
      return { status: 429, body: tooManyRequests(fault.retryAfter ?? 1).toJSON() };
    case 'internalServerError':
      return { status: 500, body: new ApiError(500, 'Internal Server Error').toJSON() };
    case 'badGateway':
      return { status: 502, body: new ApiError(502, 'Bad Gateway').toJSON() };
    default:
      return undefined;
  }
};

/** Reads the parameters of a request the ways Telegram accepts them. */
async function readParams(request: FastifyRequest): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = { ...((request.query as Record<string, unknown>) ?? {}) };
  if (request.isMultipart()) {
    const files = new Map<string, { filename: string; size: number; mimetype: string }>();
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        const file = { filename: part.filename, size: content.length, mimetype: part.mimetype };
        files.set(part.fieldname, file);
        params[part.fieldname] = file;
      } else {
        params[part.fieldname] = part.value;
      }
    }
    for (const [key, value] of Object.entries(params)) {
      if (typeof value === 'string' && value.startsWith('attach://')) {
        const file = files.get(value.slice('attach://'.length));
        if (file) {
          params[key] = file;
          delete params[value.slice('attach://'.length)];
        }
      }
    }
    return params;
  }
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) Object.assign(params, body);
  return params;
}

const sleep = (ms: number, stop: Set<() => void>): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      stop.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.add(done);
  });

export async function createServer(world: World, faults: Faults, options: ServerOptions): Promise<{ app: FastifyInstance; release: () => void }> {
  const app = Fastify({
    logger: options.logger,
    bodyLimit: 50 * 1024 * 1024,
    forceCloseConnections: true,
    keepAliveTimeout: 75_000,
  });
  /** Wakes every hanging request when the simulator stops. */
  const hanging = new Set<() => void>();

  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body).trim();
    if (text === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(null, { __invalid_json: true });
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, {}));
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, fields: 1000, parts: 1000 } });

  world.webhookReply = async (bot, method, raw) => {
    const at = world.now();
    const started = performance.now();
    const answer = await execute(world, bot, method, new Params(raw), new AbortController().signal, options.webhook);
    world.record({
      at,
      bot: bot.username,
      token: bot.token,
      method,
      params: raw,
      status: answer.status,
      ok: answer.body.ok === true,
      ...(answer.body.ok === true ? { result: answer.body.result } : { error: errorOf(answer.body) }),
      durationMs: performance.now() - started,
      via: 'webhookReply',
    });
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const at = world.now();
    const started = performance.now();
    const path = request.url.split('?')[0] ?? '';
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // a malformed escape: matched as it is, and answered Not Found below
    }
    const match = PATH.exec(decoded);
    const token = match?.[1] ?? '';
    const method = match?.[2] ?? '';
    const bot = match ? world.botByToken(token) : undefined;
    const answer = (a: Answer): void => {
      void reply.code(a.status).header('content-type', 'application/json').send(JSON.stringify(a.body));
    };
    const log = (status: number, body: Record<string, unknown> | undefined, params: Record<string, unknown>, fault?: string): void => {
      world.record({
        at,
        ...(bot ? { bot: bot.username } : {}),
        token,
        method,
        params,
        status,
        ok: body?.ok === true,
        ...(body?.ok === true ? { result: body.result } : body ? { error: errorOf(body) } : {}),
        ...(fault ? { fault } : {}),
        durationMs: performance.now() - started,
        via: 'http',
      });
    };

    if (!match || token === '') {
      const a = { status: 404, body: notFound().toJSON() };
      answer(a);
      return;
    }
    let raw: Record<string, unknown>;
    try {
      raw = await readParams(request);
    } catch {
      raw = {};
    }
    if (!bot) {
      const a = { status: 401, body: unauthorized().toJSON() };
      log(a.status, a.body, raw);
      answer(a);
      return;
    }
    if (!canonicalMethod(method)) {
      const a = { status: 404, body: notFound().toJSON() };
      log(a.status, a.body, raw);
      answer(a);
      return;
    }

    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    if (request.raw.socket.destroyed) controller.abort();
    const run = (): Promise<Answer> =>
      raw.__invalid_json
        ? Promise.resolve({ status: 400, body: new ApiError(400, "Bad Request: can't parse JSON encoded request").toJSON() })
        : execute(world, bot, method, new Params(raw), controller.signal, options.webhook);

    const fault = faults.take(bot.token, method);
    if (fault) {
      const canned = faultAnswer(fault);
      if (canned) {
        log(canned.status, canned.body, raw, fault.kind);
        answer(canned);
        return;
      }
      if (fault.kind === 'drop') {
        let executed: Answer | undefined;
        if (fault.execute) executed = await run();
        if (fault.ms) await sleep(fault.ms, hanging);
        log(0, executed?.body, raw, 'drop');
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      // hang
      if (fault.ms !== undefined) {
        await sleep(fault.ms, hanging);
        if (controller.signal.aborted) {
          // the client gave up; like Telegram, the call still happens
          const late = await run();
          log(0, late.body, raw, 'hang');
          reply.hijack();
          return;
        }
      } else {
        await new Promise<void>((resolve) => {
          const done = (): void => {
            hanging.delete(done);
            resolve();
          };
          hanging.add(done);
          controller.signal.addEventListener('abort', done, { once: true });
        });
        log(0, undefined, raw, 'hang');
        if (!reply.raw.destroyed) {
          reply.hijack();
          request.raw.socket.destroy();
        }
        return;
      }
    }

    // The way there, the call, the way back (a long poll's wait is the call's own).
    const half = options.latencyMs / 2;
    if (half > 0) await sleep(half, hanging);
    const result = await run();
    if (half > 0) await sleep(half, hanging);
    log(controller.signal.aborted ? 0 : result.status, result.body, raw, fault?.kind);
    if (controller.signal.aborted) {
      reply.hijack();
      return;
    }
    answer(result);
  };

  app.route({ method: ['GET', 'POST'], url: '/', handler: async (_request, reply) => reply.code(404).send(notFound().toJSON()) });
  app.route({ method: ['GET', 'POST'], url: '/*', handler: handle });

  await app.listen({ host: options.host, port: options.port });
  return {
    app,
    release: () => {
      for (const done of [...hanging]) done();
    },
  };
}

function errorOf(body: Record<string, unknown>): { error_code: number; description: string; parameters?: Record<string, number> } {
  return {
    error_code: Number(body.error_code),
    description: String(body.description),
    ...(body.parameters ? { parameters: body.parameters as Record<string, number> } : {}),
  };
}
