import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ResourceLanguage } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import type { Language, LiveMessage } from '../../shared/api';
import { createQueryClient } from '../../web/src/api/queryClient';
import { createI18n } from '../../web/src/i18n/i18n';
import { LiveOptionsContext } from '../../web/src/live/LiveContext';
import type { LiveSocket, SocketFactory } from '../../web/src/live/socket';
import { ThemeProvider } from '../../web/src/theme/theme';
import af from '../../web/src/locales/af.json';
import en from '../../web/src/locales/en.json';
import hi from '../../web/src/locales/hi.json';
import ru from '../../web/src/locales/ru.json';
import sk from '../../web/src/locales/sk.json';

// Without vitest globals Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
});

export const LOCALES: Record<Language, ResourceLanguage> = { en, ru, sk, af, hi };

/** A stand-in for the browser's WebSocket: the test opens it, feeds it messages and closes it. */
export class FakeSocket implements LiveSocket {
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.closed = true;
  }
  open(): void {
    this.onopen?.({});
  }
  receive(message: LiveMessage): void {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** The server or the network drops the connection (a close without a code, unless given). */
  drop(code?: number): void {
    this.onclose?.(code === undefined ? {} : { code });
  }
}

export function fakeSockets(): { factory: SocketFactory; sockets: FakeSocket[]; last: () => FakeSocket } {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (url) => {
    const s = new FakeSocket(url);
    sockets.push(s);
    return s;
  };
  return { factory, sockets, last: () => sockets.at(-1)! };
}

/**
 * The app's query defaults (retry policy included) without the waits between attempts, and a
 * fresh cache per render so that no test sees another's answers.
 */
export function testQueryClient(): QueryClient {
  return createQueryClient({ retryDelay: 0 });
}

export function renderPage(
  ui: ReactElement,
  {
    language = 'en',
    route = '/',
    socket,
    queryClient = testQueryClient(),
  }: { language?: Language; route?: string; socket?: SocketFactory; queryClient?: QueryClient } = {},
): RenderResult {
  const i18n = createI18n(language, { en, [language]: LOCALES[language] });
  const live = { createSocket: socket ?? fakeSockets().factory, url: (token: string) => `ws://test/api/g/${token}/ws` };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <LiveOptionsContext.Provider value={live}>
            <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
          </LiveOptionsContext.Provider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
  return render(ui, { wrapper });
}

/** fetch answering each path from a table; unknown paths 404 like the server. */
export function stubFetch(routes: Record<string, unknown | (() => Response | Promise<Response>)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input);
    const answer = routes[path];
    if (typeof answer === 'function') return (answer as () => Response | Promise<Response>)();
    if (answer === undefined) {
      return new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'unknown' }), { status: 404 });
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export * from './fixtures';
