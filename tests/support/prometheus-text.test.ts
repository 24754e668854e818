import { describe, expect, it } from 'vitest';
import { parseMetricsText, sampleValue } from './prometheus-text';

describe('the metrics tests\' reader of the Prometheus text format', () => {
  it('reads NaN as prom-client and Prometheus write it, and the infinities', () => {
    const metrics = parseMetricsText(['lag_mean Nan', 'lag_stddev NaN', 'bucket{le="+Inf"} +Inf', 'low -Inf', 'plain 1.5e3'].join('\n'));
    expect(sampleValue(metrics, 'lag_mean')).toBeNaN();
    expect(sampleValue(metrics, 'lag_stddev')).toBeNaN();
    expect(sampleValue(metrics, 'bucket', { le: '+Inf' })).toBe(Infinity);
    expect(sampleValue(metrics, 'low')).toBe(-Infinity);
    expect(sampleValue(metrics, 'plain')).toBe(1500);
  });

  it('refuses a value that is not a number', () => {
    expect(() => parseMetricsText('depth many')).toThrow('Not a sample value: many');
  });
});
