// What the whole-dashboard browser check measures on a loaded page: axe-core's violations, the
// elements that make the document wider than the viewport, and a keyboard walk (Tab) with the
// focus indicator of each stop.
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

const require = createRequire(import.meta.url);
/** axe-core's browser build, as text (its Node entry exports it as `source`). */
const AXE_SOURCE: string = (require('axe-core') as { source: string }).source;

/** A page is ready: content in <main>, nothing loading, fonts in, finite animations over. */
export async function settled(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('main .loading'), undefined, { timeout: 15_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * Makes axe-core part of every document the context opens, before the page's own scripts. Not
 * with page.addScriptTag({ content }): that is an inline <script>, which the dashboard's CSP
 * (script-src 'self') refuses, as it should (the test checks that too). A script added through
 * the DevTools protocol (Page.addScriptToEvaluateOnNewDocument) is outside the page's CSP.
 */
export async function installAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: AXE_SOURCE });
}

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  /** The first few elements, each as its selector and axe's summary of what fails. */
  nodes: string[];
  count: number;
}

/** axe-core over the whole document: every WCAG 2.x A/AA rule and axe's best practices. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) throw new Error('axe-core is not in the page: installAxe(context) first');
  return page.evaluate(async () => {
    type Axe = {
      run: (
        context: Document,
        options: object,
      ) => Promise<{ violations: { id: string; impact?: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      count: v.nodes.length,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 220)}`),
    }));
  });
}

export interface Overflow {
  scrollWidth: number;
  innerWidth: number;
  /** The outermost elements sticking out past the viewport, outside any scroll container of their own. */
  culprits: string[];
}

/** Whether the document is wider than the viewport, and which elements make it so. */
export async function overflowOf(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const r = el.getBoundingClientRect();
      // Where it is: its nearest ancestor with a class (a bare span says little).
      const home = el.parentElement?.closest('[class]');
      const within = home ? ` in ${home.tagName.toLowerCase()}.${home.classList[0]}` : '';
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}${within} (${Math.round(r.left)}–${Math.round(r.right)} px)`;
    };
    /**
     * Whether an ancestor that clips or scrolls sideways contains the element's overflow. Only
     * ancestors on its containing-block chain do: an absolutely positioned element escapes every
     * scroll container below its nearest positioned ancestor (the heat map's hidden labels once
     * did, and widened the page).
     */
    const contained = (el: Element) => {
      let node: Element | null = el;
      while (node && node !== document.body) {
        const position: string = getComputedStyle(node).position;
        if (position === 'fixed') return false;
        const parent: Element | null = position === 'absolute' ? ((node as HTMLElement).offsetParent as Element | null) : node.parentElement;
        if (!parent || parent === document.body) return false;
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
        node = parent;
      }
      return false;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > width + 0.5 && !contained(el);
    });
    // The outermost ones: their descendants stick out with them.
    const outermost = sticking.filter((el) => !sticking.some((other) => other !== el && other.contains(el)));
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: outermost.slice(0, 5).map(describe) };
  });
}

export interface FocusStop {
  /** tag, name and href of the element. */
  what: string;
  /** A visible focus indicator: an outline of at least 1 px, or a box shadow. */
  visible: boolean;
  /** Inside <main> and of the kinds the test expects to reach. */
  inMain: boolean;
  key: string;
}

/**
 * Tabs through the page from the top until focus comes back round (or `max` stops), recording
 * each stop and whether its focus indicator shows.
 */
export async function tabThrough(page: Page, max = 120): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const stops: FocusStop[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return null;
      if (!el.getAttribute('data-tab-key')) el.setAttribute('data-tab-key', String(Math.random()).slice(2));
      const s = getComputedStyle(el);
      const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1;
      const shadow = s.boxShadow !== 'none' && s.boxShadow !== '';
      const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      const href = el.getAttribute('href');
      return {
        what: `${el.tagName.toLowerCase()} "${name}"${href ? ` → ${href}` : ''}`,
        visible: el.matches(':focus-visible') && (outline || shadow),
        inMain: !!el.closest('main'),
        key: el.getAttribute('data-tab-key')!,
      };
    });
    if (!stop) continue;
    if (stops.some((s) => s.key === stop.key)) break; // round again
    stops.push(stop);
  }
  return stops;
}

/** What Tab should reach in <main>: visible links, buttons, form fields and scroll regions. */
export async function focusablesInMain(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const all = [...document.querySelectorAll('main a[href], main button, main select, main input, main [tabindex="0"]')];
    return all
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !(el as HTMLButtonElement).disabled && getComputedStyle(el).visibility !== 'hidden';
      })
      .map((el) => {
        if (!el.getAttribute('data-tab-key')) el.setAttribute('data-tab-key', String(Math.random()).slice(2));
        return el.getAttribute('data-tab-key')!;
      });
  });
}
