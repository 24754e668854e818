// Page loads as a phone sees them, measured the way browsers measure them, beside Lighthouse's
// estimate of the same page (decision 039).
//
// The profile is Lighthouse's mobile one: 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down and
// 750 kbps up, a fresh browser context (empty cache) for each load, the median of 3 loads. Chromium
// slows its CPU and caps the bandwidth (DevTools Protocol); the relay of scripts/bench-link.ts adds
// the round trips of the name lookup, of each connection's handshake and of each request. Each load
// starts once the browser has done the new window's own start-up, and the slowdown is set only then
// (decision 081).
//
// The figures are the browser's own: FCP is the `first-contentful-paint` entry; LCP is the last
// `largest-contentful-paint` entry before any input, watched until the page has been idle (no request
// under way, no new entry) for 2.5 s after `load`; CLS adds up the `layout-shift` entries without recent
// input. Beside them: LCP less the first byte (what the page itself costs once its HTML starts to
// arrive), the HTML's decoded size, the size of the CSS inlined in it, and the time from the HTML's last
// byte to `domInteractive` (the parsing of the document). Then each public page goes through
// Lighthouse 12 (`npx lighthouse@12.2.3`, mobile preset, simulated throttling) with the same Chromium,
// and both figures are printed side by side.
import { spawn } from 'node:child_process';
import { localeOfPath, localeTags, pathInLocale, unlocalizedPath } from '#shared/i18n/locales.ts';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser } from 'playwright-core';
import { startMobileLink, type LinkProfile } from './bench-link';

type PageGoal = { route: string; lcpGoalMs: number; lighthouse: boolean };

/** Each page and the LCP it should reach on this profile; the public pages are also run through Lighthouse. */
export const pageLoadGoals: readonly PageGoal[] = [
  { route: '/', lcpGoalMs: 600, lighthouse: true },
  { route: '/faq', lcpGoalMs: 600, lighthouse: true },
  { route: '/about', lcpGoalMs: 600, lighthouse: true },
  { route: '/privacy', lcpGoalMs: 600, lighthouse: true },
  { route: '/terms', lcpGoalMs: 600, lighthouse: true },
  { route: '/ein-application-start', lcpGoalMs: 800, lighthouse: true },
  { route: '/track-application', lcpGoalMs: 800, lighthouse: true },
  { route: '/manage/login', lcpGoalMs: 1000, lighthouse: true },
  // The Spanish twins of the customer's pages (decision 061): the same goals, compared with the English.
  ...['/', '/faq', '/about', '/privacy', '/terms', '/ein-application-start', '/track-application'].map((route) => ({
    route: pathInLocale(route, 'es'),
    lcpGoalMs: route === '/ein-application-start' || route === '/track-application' ? 800 : 600,
    lighthouse: false,
  })),
];

/** How soon after its first byte a page should reach its LCP: 120 ms for the five static pages and their Spanish twins, 150 ms for the others. */
const lcpAfterFirstByteGoalMs = (route: string) => (['/', '/faq', '/about', '/privacy', '/terms'].includes(unlocalizedPath(route)) ? 120 : 150);

const link: LinkProfile = { roundTripMs: 150, dnsRoundTrips: 2 };
const cpuSlowdown = 4;
const downloadKbps = 1.6 * 1024;
const uploadKbps = 750;
const loadsPerPage = Number(process.env.BENCH_PAGE_LOADS ?? 3);
const idleAfterLoadMs = 2500;
const lighthouseVersion = '12.2.3';

type Sample = {
  /** When the page's own content was shown (`readyWhen`), for a page that fills itself after its paint; else the LCP. */
  readyMs: number;
  firstByteMs: number;
  fcpMs: number;
  lcpMs: number;
  /** When the signed-in page's later content showed (`SignedInLoad.later`); NaN for a page without. */
  laterMs: number;
  /** LCP less the first byte, in each load (the median of these differences, once several loads are summed up). */
  lcpAfterFirstByteMs: number;
  lcpElement: string;
  cls: number;
  transferredBytes: number;
  /** The HTML's size once decompressed. */
  htmlBytes: number;
  /** The size of the CSS inlined in the HTML: its `<style>` elements as served. */
  inlinedCssBytes: number;
  /** From the HTML's last byte to `domInteractive`: the time the browser takes to parse the document. */
  lastByteToInteractiveMs: number;
};

type Observed = {
  fcp: number | null;
  lcp: number | null;
  lcpElement: string;
  cls: number;
  input: boolean;
  ready: number | null;
  later: number | null;
  servedStyleBytes: number | null;
};

/**
 * A page behind a sign-in: the session cookie, what must be on the page for it to count as loaded (a
 * JavaScript condition), and what shows later, timed beside it (the dashboard's charts, drawn after
 * the figures).
 */
export type SignedInLoad = { cookie: { name: string; value: string }; readyWhen: string; later?: { label: string; when: string } };

/**
 * What the page reports about its own paints, recorded from before its first byte. (Plain JavaScript
 * in a string: a function would carry the helpers tsx adds to it into the page.)
 */
const observePaints = `
  const observed = { fcp: null, lcp: null, lcpElement: '', cls: 0, input: false, ready: null, later: null, servedStyleBytes: null };
  window.benchObserved = observed;
  // The <style> elements of the HTML as served: those there once the parser is done, before any script of the page adds one.
  const styleBytes = (elements) => {
    let bytes = 0;
    for (const element of elements) bytes += new TextEncoder().encode(element.textContent || '').length;
    return bytes;
  };
  window.benchStyleBytes = styleBytes;
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') observed.servedStyleBytes = styleBytes(document.querySelectorAll('style'));
  });
  const stop = () => { observed.input = true; };
  addEventListener('pointerdown', stop, { capture: true, once: true });
  addEventListener('keydown', stop, { capture: true, once: true });
  const describe = (element) => {
    if (!element) return '(gone)';
    const text = (element.textContent || '').replace(/\\s+/g, ' ').trim();
    return element.tagName.toLowerCase() + ' "' + (text.length > 40 ? text.slice(0, 39) + '…' : text) + '"';
  };
  new PerformanceObserver((list) => {
    if (observed.input) return;
    for (const entry of list.getEntries()) {
      observed.lcp = entry.startTime;
      observed.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') observed.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) observed.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** Records in `benchObserved.ready` the first moment `condition` holds, checked at each change of the page. */
const observeReady = (condition: string, field: 'ready' | 'later' = 'ready') => `
  (() => {
    const watch = new MutationObserver(() => {
      const observed = window.benchObserved;
      if (observed.${field} === null && (${condition})) { observed.${field} = performance.now(); watch.disconnect(); }
    });
    watch.observe(document, { childList: true, subtree: true, attributes: true });
  })();
`;

/**
 * Waits until the browser's own processes have done their start-up work for the new window: each
 * window's start preloads Chromium's own pages (its omnibox popup, 1.6 to 2.9 s of a renderer's main
 * thread on a 2-core machine), which a visitor's browser did long before the visit and which would
 * otherwise run beside the measured load (decision 081). Quiet is at most 20 ms of processor across
 * all of its processes in 300 ms (the counts come in steps of 10 ms); it waits 10 s at most. The page's
 * renderer is not warmed: no navigation comes before the measured one.
 */
async function untilBrowserQuiet(browser: Browser): Promise<void> {
  const session = await browser.newBrowserCDPSession();
  try {
    const cpuSeconds = async () => {
      const { processInfo } = await session.send('SystemInfo.getProcessInfo');
      return processInfo.reduce((sum, process) => sum + process.cpuTime, 0);
    };
    let last = await cpuSeconds();
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      await sleep(300);
      const now = await cpuSeconds();
      if (now - last < 0.025) return;
      last = now;
    }
  } finally {
    await session.detach();
  }
}

async function loadOnce(browser: Browser, serverAddress: string, route: string, signedIn?: SignedInLoad): Promise<Sample> {
  const { hostname, port } = new URL(serverAddress);
  const mobileLink = await startMobileLink({ host: hostname, port: Number(port) }, link);
  // In the page's language, as a visitor reading it would have their browser.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true, locale: localeTags[localeOfPath(route)] });
  try {
    // Sent with every request of the page as the browser would send it: the production cookie is a
    // `__Secure-` one, which a browser keeps only from an https address.
    if (signedIn) await context.setExtraHTTPHeaders({ cookie: `${signedIn.cookie.name}=${signedIn.cookie.value}` });
    const page = await context.newPage();
    const watched = signedIn ? observeReady(signedIn.readyWhen) + (signedIn.later ? observeReady(signedIn.later.when, 'later') : '') : '';
    await page.addInitScript({ content: observePaints + watched });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    // The round trips are the relay's; Chromium caps the bandwidth, shared by the page's requests.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: (downloadKbps * 1024) / 8,
      uploadThroughput: (uploadKbps * 1024) / 8,
    });

    let transferredBytes = 0;
    const inFlight = new Set<string>();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', (event) => {
      inFlight.add(event.requestId);
      lastActivity = Date.now();
    });
    const finished = (requestId: string) => {
      inFlight.delete(requestId);
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', (event) => {
      transferredBytes += event.encodedDataLength;
      finished(event.requestId);
    });
    cdp.on('Network.loadingFailed', (event) => finished(event.requestId));

    await untilBrowserQuiet(browser);
    // Set only now: Chromium's throttling keeps nearly a core busy for as long as it is on.
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(`${mobileLink.address}${route}`, { waitUntil: 'load', timeout: 60_000 });
    // Idle: nothing loading and no new LCP candidate for 2.5 s (at most 30 s after `load`).
    let lastLcp: number | null = null;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const lcp = await page.evaluate(() => (window as unknown as { benchObserved: Observed }).benchObserved.lcp);
      if (lcp !== lastLcp) {
        lastLcp = lcp;
        lastActivity = Math.max(lastActivity, Date.now());
      }
      const { ready, later } = await page.evaluate(() => (window as unknown as { benchObserved: Observed }).benchObserved);
      const waiting = signedIn ? ready === null || (signedIn.later !== undefined && later === null) : false;
      if (!waiting && inFlight.size === 0 && Date.now() - lastActivity >= idleAfterLoadMs) break;
      await page.waitForTimeout(100);
    }
    const observed = await page.evaluate(() => (window as unknown as { benchObserved: Observed }).benchObserved);
    const navigation = await page.evaluate(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { responseStart: entry.responseStart, responseEnd: entry.responseEnd, domInteractive: entry.domInteractive, decodedBodySize: entry.decodedBodySize };
    });
    // The inlined critical rules (decision 047), or else every `<style>` the HTML came with.
    const inlinedCssBytes = await page.evaluate(() => {
      const bench = window as unknown as { benchObserved: Observed; benchStyleBytes: (elements: Iterable<Element>) => number };
      const critical = document.querySelectorAll('style[data-critical-css]');
      return critical.length > 0 ? bench.benchStyleBytes(critical) : (bench.benchObserved.servedStyleBytes ?? 0);
    });
    if (observed.fcp === null || observed.lcp === null) throw new Error(`${route}: the browser reported no FCP or LCP`);
    if (signedIn && observed.ready === null) throw new Error(`${route}: the page was never ready (${signedIn.readyWhen})`);
    if (signedIn?.later && observed.later === null) throw new Error(`${route}: ${signedIn.later.label} never showed (${signedIn.later.when})`);
    return {
      // A page counts as loaded once its content is shown and painted.
      readyMs: Math.max(observed.ready ?? observed.lcp, observed.lcp),
      laterMs: observed.later ?? Number.NaN,
      firstByteMs: navigation.responseStart,
      fcpMs: observed.fcp,
      lcpMs: observed.lcp,
      lcpAfterFirstByteMs: observed.lcp - navigation.responseStart,
      lcpElement: observed.lcpElement,
      cls: observed.cls,
      transferredBytes,
      htmlBytes: navigation.decodedBodySize,
      inlinedCssBytes,
      lastByteToInteractiveMs: navigation.domInteractive - navigation.responseEnd,
    };
  } finally {
    await context.close();
    await mobileLink.close();
  }
}

type LighthouseFigures = { fcpMs: number; lcpMs: number; lcpElement: string; cls: number };

type LighthouseReport = {
  audits: Record<string, { numericValue?: number; errorMessage?: string; details?: { items?: { items?: { node?: { nodeLabel?: string; snippet?: string } }[] }[] } }>;
};

/** How far the browser's figure is from Lighthouse's, flagged beyond the 15% they should agree within. */
function agreement(browserMs: number, lighthouseMs: number): string {
  const difference = (browserMs - lighthouseMs) / lighthouseMs;
  return `${difference >= 0 ? '+' : ''}${Math.round(difference * 100)}%${Math.abs(difference) > 0.15 ? ' (over 15%)' : ''}`;
}

/** One Lighthouse run of `url` (mobile, simulated throttling) with the bench's Chromium, or why it could not run. */
function runLighthouse(url: string, chromiumPath: string): Promise<LighthouseFigures | string> {
  const args = [
    '--yes',
    `lighthouse@${lighthouseVersion}`,
    url,
    '--only-categories=performance',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
  ];
  return new Promise((resolve) => {
    const child = spawn('npx', args, { env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const errors: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => errors.push(chunk));
    child.on('error', (error) => resolve(`could not start npx: ${error.message}`));
    child.on('close', (code) => {
      if (code !== 0) {
        resolve(`lighthouse exited with ${code}: ${Buffer.concat(errors).toString().trim().split('\n').slice(-2).join(' ')}`);
        return;
      }
      try {
        const report = JSON.parse(Buffer.concat(out).toString()) as LighthouseReport;
        const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
        const elementAudit = report.audits['largest-contentful-paint-element'];
        const node = elementAudit?.details?.items?.[0]?.items?.[0]?.node;
        const label = (node?.nodeLabel ?? '').replace(/\s+/g, ' ').trim();
        const tag = /^<([a-z0-9]+)/i.exec(node?.snippet ?? '')?.[1]?.toLowerCase() ?? '?';
        resolve({
          fcpMs: value('first-contentful-paint'),
          lcpMs: value('largest-contentful-paint'),
          // Lighthouse 12.2 cannot read the element from the traces of newer Chromium versions (its
          // TraceElements gatherer fails on them), while its timings come from the trace's events.
          lcpElement: node ? `${tag} "${label.length > 40 ? `${label.slice(0, 39)}…` : label}"` : `not named (${elementAudit?.errorMessage?.split(':')[0] ?? 'no element'})`,
          cls: value('cumulative-layout-shift'),
        });
      } catch (error) {
        resolve(`unreadable report: ${(error as Error).message}`);
      }
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value).toLocaleString('en-US')} ms` : 'n/a');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

export type PageLoadResult = Sample & { lighthouse: LighthouseFigures | null };

/** The median of each figure of the loads of a page; CLS is the worst load's, the LCP element that of the median LCP. */
function summary(samples: Sample[]): Sample {
  const figure = (pick: (sample: Sample) => number) => median(samples.map(pick));
  const lcpMs = figure((sample) => sample.lcpMs);
  return {
    readyMs: figure((sample) => sample.readyMs),
    laterMs: figure((sample) => sample.laterMs),
    firstByteMs: figure((sample) => sample.firstByteMs),
    fcpMs: figure((sample) => sample.fcpMs),
    lcpMs,
    lcpAfterFirstByteMs: figure((sample) => sample.lcpAfterFirstByteMs),
    lcpElement: samples.find((sample) => sample.lcpMs === lcpMs)?.lcpElement ?? '',
    cls: Math.max(...samples.map((sample) => sample.cls)),
    transferredBytes: figure((sample) => sample.transferredBytes),
    htmlBytes: figure((sample) => sample.htmlBytes),
    inlinedCssBytes: figure((sample) => sample.inlinedCssBytes),
    lastByteToInteractiveMs: figure((sample) => sample.lastByteToInteractiveMs),
  };
}

/** A goal's cell: the goal, marked when the figure beside it is over it. */
const goalCell = (figureMs: number, goalMs: number) => `≤ ${ms(goalMs)}${figureMs > goalMs ? ' (over)' : ''}`;

/**
 * Loads each page (3 times, or `BENCH_PAGE_LOADS`; the median of each figure), then runs the public pages through Lighthouse
 * (`BENCH_LIGHTHOUSE_RUNS`, default 1, the median of that many runs; 0 skips it), and prints both
 * tables in Markdown. Returns the figures by route.
 */
export async function benchPageLoads(browser: Browser, address: string, chromiumPath: string): Promise<Map<string, PageLoadResult>> {
  const results = new Map<string, PageLoadResult>();
  console.log(`\nPage load (4× CPU, ${link.roundTripMs} ms round trip, 1.6 Mbps; empty cache; median of ${loadsPerPage}); load average ${load()}\n`);
  console.log(
    '| route | first byte | FCP | LCP | LCP goal | LCP − first byte | LCP − first byte goal | last byte → DOM interactive | HTML | inlined CSS | LCP element | CLS | transferred |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  // In rounds, each page once a round: a slow moment of the machine falls on all the pages alike, not
  // on one page's loads, and a Spanish page is compared with an English twin loaded beside it.
  const samplesOf = new Map(pageLoadGoals.map(({ route }) => [route, [] as Sample[]]));
  for (let run = 0; run < loadsPerPage; run += 1) {
    for (const { route } of pageLoadGoals) samplesOf.get(route)!.push(await loadOnce(browser, address, route));
  }
  for (const { route, lcpGoalMs } of pageLoadGoals) {
    const result: PageLoadResult = { ...summary(samplesOf.get(route)!), lighthouse: null };
    results.set(route, result);
    console.log(
      `| \`${route}\` | ${ms(result.firstByteMs)} | ${ms(result.fcpMs)} | ${ms(result.lcpMs)} | ${goalCell(result.lcpMs, lcpGoalMs)} | ${ms(result.lcpAfterFirstByteMs)} | ${goalCell(result.lcpAfterFirstByteMs, lcpAfterFirstByteGoalMs(route))} | ${ms(result.lastByteToInteractiveMs)} | ${kb(result.htmlBytes)} | ${kb(result.inlinedCssBytes)} | ${result.lcpElement} | ${result.cls.toFixed(3)} | ${Math.round(result.transferredBytes / 1024)} KB |`,
    );
  }
  console.log(`(load average ${load()})`);

  // Each Spanish page beside its English twin: the goal is to paint within 5% of it.
  console.log('\nSpanish pages beside their English twins (FCP and LCP, medians above; goal: within 5%)\n');
  // The paired difference: the median, over the rounds, of the Spanish page's difference from its
  // English twin loaded in the same round, which a drift of the machine between rounds leaves out.
  console.log('| page | FCP en | FCP es | FCP difference | paired FCP difference | LCP en | LCP es | LCP difference | paired LCP difference | transferred en / es |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const percentOf = (ratio: number) => `${ratio >= 0 ? '+' : ''}${(ratio * 100).toFixed(1)}%`;
  const percent = (twin: number, english: number) => percentOf((twin - english) / english);
  const paired = (spanish: Sample[], english: Sample[], figure: (sample: Sample) => number) =>
    percentOf(median(spanish.map((sample, run) => (figure(sample) - figure(english[run]!)) / figure(english[run]!))));
  for (const [route, spanish] of results) {
    const english = results.get(unlocalizedPath(route));
    if (route === unlocalizedPath(route) || !english) continue;
    const spanishSamples = samplesOf.get(route)!;
    const englishSamples = samplesOf.get(unlocalizedPath(route))!;
    console.log(
      `| \`${unlocalizedPath(route)}\` | ${ms(english.fcpMs)} | ${ms(spanish.fcpMs)} | ${percent(spanish.fcpMs, english.fcpMs)} | ${paired(spanishSamples, englishSamples, (sample) => sample.fcpMs)} | ${ms(english.lcpMs)} | ${ms(spanish.lcpMs)} | ${percent(spanish.lcpMs, english.lcpMs)} | ${paired(spanishSamples, englishSamples, (sample) => sample.lcpMs)} | ${Math.round(english.transferredBytes / 1024)} / ${Math.round(spanish.transferredBytes / 1024)} KB |`,
    );
  }

  const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
  if (lighthouseRuns < 1) return results;
  console.log(`\nThe same pages in Lighthouse ${lighthouseVersion} (mobile, simulated throttling; median of ${lighthouseRuns}) beside the browser's figures; load average ${load()}\n`);
  console.log('| route | FCP | Lighthouse FCP | FCP difference | LCP | Lighthouse LCP | LCP difference | Lighthouse LCP element |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { route } of pageLoadGoals.filter((goal) => goal.lighthouse)) {
    const runs: LighthouseFigures[] = [];
    let failure: string | null = null;
    for (let run = 0; run < lighthouseRuns && failure === null; run += 1) {
      // Lighthouse now and then loses the trace of a load (NO_NAVSTART) and asks to be run again: once.
      let figures = await runLighthouse(`${address}${route}`, chromiumPath);
      if (typeof figures === 'string') figures = await runLighthouse(`${address}${route}`, chromiumPath);
      if (typeof figures === 'string') failure = figures;
      else runs.push(figures);
    }
    const result = results.get(route)!;
    if (failure !== null) {
      console.log(`| \`${route}\` | ${ms(result.fcpMs)} | n/a | | ${ms(result.lcpMs)} | n/a | | ${failure} |`);
      continue;
    }
    const lcpMs = median(runs.map((run) => run.lcpMs));
    const lighthouse = {
      fcpMs: median(runs.map((run) => run.fcpMs)),
      lcpMs,
      lcpElement: runs.find((run) => run.lcpMs === lcpMs)?.lcpElement ?? '',
      cls: Math.max(...runs.map((run) => run.cls)),
    };
    result.lighthouse = lighthouse;
    console.log(
      `| \`${route}\` | ${ms(result.fcpMs)} | ${ms(lighthouse.fcpMs)} | ${agreement(result.fcpMs, lighthouse.fcpMs)} | ${ms(result.lcpMs)} | ${ms(lighthouse.lcpMs)} | ${agreement(result.lcpMs, lighthouse.lcpMs)} | ${lighthouse.lcpElement} |`,
    );
  }
  console.log(`(load average ${load()})`);
  return results;
}

/**
 * A staff page behind the sign-in, on the same profile (the panel's: its goal is the sign-in page's):
 * the median of the loads of the first byte, FCP, LCP and the moment its content was all shown, with
 * LCP less the first byte, the time to parse the HTML, and the sizes of the HTML and of its inlined CSS.
 */
export async function benchSignedInPageLoad(browser: Browser, address: string, route: string, signedIn: SignedInLoad, goalMs: number): Promise<Sample> {
  const samples: Sample[] = [];
  for (let run = 0; run < loadsPerPage; run += 1) samples.push(await loadOnce(browser, address, route, signedIn));
  const result = summary(samples);
  console.log(`\nA signed-in page on the same profile (median of ${loadsPerPage}; load average ${load()})\n`);
  const later = signedIn.later?.label ?? 'later';
  console.log(`| route | first byte | FCP | LCP | loaded | goal | ${later} | LCP − first byte | last byte → DOM interactive | HTML | inlined CSS | CLS | transferred |`);
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  console.log(
    `| \`${route}\` | ${ms(result.firstByteMs)} | ${ms(result.fcpMs)} | ${ms(result.lcpMs)} | ${ms(result.readyMs)} | ${goalCell(result.readyMs, goalMs)} | ${ms(result.laterMs)} | ${ms(result.lcpAfterFirstByteMs)} | ${ms(result.lastByteToInteractiveMs)} | ${kb(result.htmlBytes)} | ${kb(result.inlinedCssBytes)} | ${result.cls.toFixed(3)} | ${Math.round(result.transferredBytes / 1024)} KB |`,
  );
  return result;
}
