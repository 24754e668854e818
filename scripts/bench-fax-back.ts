// Reading IRS fax-backs: the time to read one fax-back page (rendering, codes, the written reference
// when the code is lost, the EIN box) over the twenty seeded fax-backs of the reader's test
// (tests/factories/fax-backs.ts), and the OCR worker's start-up apart. `BENCH_ONLY=fax` runs only this.
import { performance } from 'node:perf_hooks';
import { closeFaxBackReader, readFaxBack, startFaxBackReader } from '#server/filing/index.ts';
import { faxBackCount, makeFaxBackCase, signedSs4ForFax } from '#tests/factories/fax-backs.ts';
import { percentile, printFigure } from './bench-timing';

export async function benchFaxBack(): Promise<void> {
  console.log('\nFax-backs (pdf.js, ZXing, Tesseract)');
  const signed = await signedSs4ForFax();
  const cases = [];
  for (let index = 0; index < faxBackCount; index += 1) cases.push(await makeFaxBackCase(signed, index));

  const starting = performance.now();
  await startFaxBackReader();
  printFigure('start the OCR worker (English model, once a process)', `${(performance.now() - starting).toFixed(0)} ms`);

  const pageTimes: number[] = [];
  const firstPages: number[] = [];
  const otherPages: number[] = [];
  let matched = 0;
  let eins = 0;
  const reading = performance.now();
  for (const fax of cases) {
    const result = await readFaxBack(fax.reply, {
      onPageRead: (page) => {
        pageTimes.push(page.milliseconds);
        (page.index === 0 ? firstPages : otherPages).push(page.milliseconds);
      },
    });
    if (result.references.length === 1 && result.references[0] === fax.reference) matched += 1;
    if (result.ein === fax.ein) eins += 1;
  }
  const total = performance.now() - reading;
  await closeFaxBackReader();

  const sorted = [...pageTimes].sort((a, b) => a - b);
  const label = `read one fax-back page (${faxBackCount} fax-backs, ${pageTimes.length} pages)`;
  printFigure(
    label,
    `median ${percentile(sorted, 0.5).toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms, ${((pageTimes.length / total) * 1000).toFixed(2)} pages/s`,
  );
  const median = (times: number[]) => percentile([...times].sort((a, b) => a - b), 0.5).toFixed(0);
  printFigure('  of which page 1 (the EIN box read too) / the other pages', `median ${median(firstPages)} ms / ${median(otherPages)} ms`);
  printFigure('  the first page of all (pdf.js and ZXing loading)', `${pageTimes[0]!.toFixed(0)} ms`);
  printFigure('matched to their own reference / EIN read', `${matched}/${faxBackCount} / ${eins}/${faxBackCount}`);
}
