// Types of parse-prometheus-text-format (the package ships none): the families it parses out of
// the Prometheus text format, in prom2json's shape.
declare module 'parse-prometheus-text-format' {
  export interface ParsedMetric {
    readonly value?: string;
    readonly labels?: Readonly<Record<string, string>>;
    readonly buckets?: Readonly<Record<string, string>>;
    readonly count?: string;
    readonly sum?: string;
  }
  export interface ParsedFamily {
    readonly name: string;
    readonly help: string;
    readonly type: 'GAUGE' | 'COUNTER' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: readonly ParsedMetric[];
  }
  // eslint-disable-next-line no-restricted-syntax -- the package's one export is its default
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
