// LCP and bytes transferred per public route under a Lighthouse-like mobile profile, through the
// Chromium DevTools Protocol: 4× CPU slowdown, 150 ms round trip, 1.6 Mbps down (750 kbps up),
// each page opened afresh (empty cache) three times, the median reported.
import type { Browser } from 'playwright-core';

export const pageLoadRoutes = ['/', '/faq', '/about', '/privacy', '/terms', '/ein-application-start', '/track-application', '/manage/login'];

const profile = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

type Sample = { lcpMs: number; transferredBytes: number };

async function loadOnce(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBytesPerSecond,
    uploadThroughput: profile.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  let transferredBytes = 0;
  cdp.on('Network.loadingFinished', (event) => {
    transferredBytes += event.encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  await context.close();
  return { lcpMs, transferredBytes };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Prints the table (Markdown, as the README carries it) and returns the medians by route. */
export async function benchPageLoads(browser: Browser, address: string): Promise<Map<string, Sample>> {
  const results = new Map<string, Sample>();
  console.log('\nPage load (4× CPU, 150 ms RTT, 1.6 Mbps; median of 3)\n');
  console.log('| route | LCP | transferred |');
  console.log('|---|---|---|');
  for (const route of pageLoadRoutes) {
    const samples: Sample[] = [];
    for (let run = 0; run < 3; run += 1) samples.push(await loadOnce(browser, `${address}${route}`));
    const result = { lcpMs: median(samples.map((s) => s.lcpMs)), transferredBytes: median(samples.map((s) => s.transferredBytes)) };
    results.set(route, result);
    console.log(`| \`${route}\` | ${Math.round(result.lcpMs).toLocaleString('en-US')} ms | ${Math.round(result.transferredBytes / 1024)} KB |`);
  }
  return results;
}
