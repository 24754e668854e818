// A reader of the Prometheus text exposition format (version 0.0.4), for the metrics tests: the
// `# HELP` and `# TYPE` lines and every sample with its labels. Strict: a line it cannot read throws.

export type MetricSample = { name: string; labels: Record<string, string>; value: number };
export type MetricsText = { samples: MetricSample[]; types: Map<string, string>; help: Map<string, string> };

const samplePattern = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: -?\d+)?$/;
const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy;

function unescape(value: string): string {
  return value.replace(/\\(.)/g, (_whole, character: string) => (character === 'n' ? '\n' : character));
}

/**
 * A sample's value. Prometheus reads it with Go's `strconv.ParseFloat`, which takes "NaN" in any case:
 * prom-client writes `Nan` (a gauge of an empty event-loop-delay window, between two close scrapes).
 */
function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text.toLowerCase() === 'nan') return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`Not a sample value: ${text}`);
  return value;
}

export function parseMetricsText(text: string): MetricsText {
  const samples: MetricSample[] = [];
  const types = new Map<string, string>();
  const help = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      (comment[1] === 'TYPE' ? types : help).set(comment[2]!, comment[3]!);
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = samplePattern.exec(line);
    if (!sample) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    labelPattern.lastIndex = 0;
    let read = 0;
    for (let match = labelPattern.exec(labelText); match; match = labelPattern.exec(labelText)) {
      labels[match[1]!] = unescape(match[2]!);
      read = labelPattern.lastIndex;
    }
    if (read !== labelText.length) throw new Error(`Labels not read: ${line}`);
    samples.push({ name: sample[1]!, labels, value: parseValue(sample[3]!) });
  }
  return { samples, types, help };
}

/** The samples of `name` whose labels include `labels`. */
export function samplesOf(metrics: MetricsText, name: string, labels: Record<string, string> = {}): MetricSample[] {
  return metrics.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The one sample of `name` with `labels`; throws when there is none or several. */
export function sampleValue(metrics: MetricsText, name: string, labels: Record<string, string> = {}): number {
  const found = samplesOf(metrics, name, labels);
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]!.value;
}
