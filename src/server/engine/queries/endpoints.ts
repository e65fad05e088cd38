// The dynamic endpoints of GET /restpp/endpoints: one per installed query of a graph (GET and
// POST /query/{graph}/{name}), with its parameter table.
import type { Engine } from '../engine.js';
import { stringifyResult } from '../query/index.js';
import { catalogue } from '../../../core/ops/index.js';
import { installedQueryUrl, queryService } from './service.js';

export interface DynamicEndpoint {
  readonly parameters: Record<
    string,
    { default?: string; max_count?: number; min_count?: number; type?: string }
  >;
}

export function dynamicEndpoints(engine: Engine, graph: string): Record<string, DynamicEndpoint> {
  const service = queryService(engine);
  const listing: Record<string, DynamicEndpoint> = {};
  for (const def of engine.catalog.queries) {
    if (def.graph !== graph || !def.installed) continue;
    const compiled = service.installedQuery(graph, def.name);
    if (!compiled) continue;
    const parameters: DynamicEndpoint['parameters'] = {};
    for (const p of compiled.params) {
      const many = /^(SET|BAG|LIST)</.test(p.type);
      parameters[p.name] = {
        ...(p.default !== undefined ? { default: defaultText(p.default) } : {}),
        ...(many ? {} : { max_count: 1 }),
        min_count: p.default === undefined && !many ? 1 : 0,
        type: p.type,
      };
    }
    const url = installedQueryUrl(graph, def.name);
    listing[`${catalogue.runInstalledQuery.method} ${url}`] = { parameters };
    listing[`${catalogue.runInstalledQueryPost.method} ${url}`] = { parameters };
  }
  return listing;
}

function defaultText(value: unknown): string {
  return typeof value === 'string' ? value : stringifyResult(value);
}
