// What an open live socket keeps of the HTTP request that opened it: nothing.
//
// @fastify/websocket (11.3) routes an upgrade through Fastify with a ServerResponse assigned to the
// socket, and puts the request and the reply in the WebSocket's 'error' listener (for its
// errorHandler). Left so, every open socket holds its whole HTTP exchange for as long as it stays
// open: the IncomingMessage and its headers, the ServerResponse with the security headers set on
// it, Fastify's request and reply, a child logger, Fastify's finish listeners. Once upgraded (the
// 101 is written by ws straight to the socket), the socket is let go of all of it; its errors
// are handled as the plugin's errorHandler would, with the instance's logger.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** Each upgrade request's response, from the onRequest hook until its socket is released. */
const responses = new WeakMap<IncomingMessage, ServerResponse>();

/** Called in an onRequest hook for a WebSocket request: notes its response for `releaseUpgrade`. */
export function noteUpgrade(request: FastifyRequest, reply: FastifyReply): void {
  responses.set(request.raw, reply.raw);
}

/**
 * A live socket's error. A client's bad frame (ws's WS_ERR_* codes: too big, malformed, invalid
 * UTF-8) is its own doing, not the server's: info, not error. ws has already closed the socket
 * with the matching code (1009, 1002, 1007); terminate frees it at once.
 */
export function onSocketError(log: FastifyBaseLogger, error: Error, socket: WebSocket): void {
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) log.info({ code }, 'dashboard: live client sent a bad frame');
  else log.error({ err: error }, 'dashboard: live channel failed');
  socket.terminate();
}

/** In a wsHandler: the upgraded socket stops holding the request that opened it. */
export function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger): void {
  const response = responses.get(request.raw);
  responses.delete(request.raw);
  // Node's own server detaches a response from its socket this way when the response is done.
  if (response && response.socket === request.raw.socket && request.raw.socket) response.detachSocket(request.raw.socket);
  socket.removeAllListeners('error');
  socket.on('error', (error) => onSocketError(log, error, socket));
}
