// Reads the V8 CPU profiles `node --cpu-prof` wrote and lists the functions with the most self
// time (as a share of the busy samples: idle excluded), mapped back to src/ through the bundle's
// source map: where the embedded service's time goes.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  readonly callFrame: {
    functionName: string;
    url: string;
    lineNumber: number;
    columnNumber: number;
  };
  readonly hitCount?: number;
}

function sourceMapOf(file: string, cache: Map<string, SourceMap | null>): SourceMap | null {
  let map = cache.get(file);
  if (map === undefined) {
    const path = `${file}.map`;
    map = existsSync(path)
      ? new SourceMap(JSON.parse(readFileSync(path, 'utf8')) as SourceMapPayload)
      : null;
    cache.set(file, map);
  }
  return map;
}

export function topSelfTime(dir: string, root: string, limit = 15): string[] {
  const hits = new Map<string, number>();
  const maps = new Map<string, SourceMap | null>();
  let busy = 0;
  let idle = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
    for (const node of profile.nodes) {
      const count = node.hitCount ?? 0;
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      if (functionName === '(idle)') {
        idle += count;
        continue;
      }
      busy += count;
      let where = url;
      if (url.startsWith('file://')) {
        const path = fileURLToPath(url);
        const entry = sourceMapOf(path, maps)?.findEntry(lineNumber, columnNumber);
        where =
          entry && 'originalSource' in entry
            ? `${relative(root, entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : join(root, 'dist', entry.originalSource))}:${entry.originalLine + 1}`
            : `${relative(root, path)}:${lineNumber + 1}`;
      }
      const key = `${functionName || '(anonymous)'} ${where}`.trim();
      hits.set(key, (hits.get(key) ?? 0) + count);
    }
  }
  const share = (n: number) => `${((n / Math.max(1, busy)) * 100).toFixed(1)}%`;
  return [
    `busy ${((busy / Math.max(1, busy + idle)) * 100).toFixed(0)}% of the samples; shares below are of the busy samples`,
    ...[...hits.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([key, count]) => `${share(count)} ${key}`),
  ];
}
