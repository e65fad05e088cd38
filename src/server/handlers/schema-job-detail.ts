// A schema-change job as the service's JSON (GET /gsql/v1/schema/jobs/{job}?json=true): name,
// graph, addVertexTypes, dropVertexTypes, alterVertexTypes, addEdgeTypes, dropEdgeTypes,
// alterEdgeTypes, addTags, dropTags (server-docs "get a specific local/global schema change
// job"); a global job's ADD/DROP ... TO/FROM GRAPH steps appear under `graphs`.
import { constantValue, type Expr } from '../../core/gsql/index.js';
import {
  attrTypeFromAst,
  edgeDefFromAst,
  pairsFromAst,
  vertexDefFromAst,
} from '../engine/catalog/from-ast.js';
import { attributeTypeJson, edgeTypeJson, vertexTypeJson } from '../engine/catalog/schema-json.js';
import type { CatalogData } from '../engine/catalog/types.js';
import type { ParsedJob } from './schema-job-text.js';

/** A literal default of an ADD ATTRIBUTE, as the job JSON shows it (text). */
function literalText(expr: Expr | null): string | undefined {
  const value = expr === null ? undefined : constantValue(expr);
  return value === undefined ? undefined : String(value);
}

interface AlterDetail {
  name: string;
  addAttributes: object[];
  dropAttributes: string[];
  addIndexAttributes?: object[];
  dropIndexAttributes?: object[];
  addEdgePairs?: object[];
  dropEdgePairs?: object[];
}

/** The job as the service's JSON (GET /schema/jobs/{job}?json=true). */
export function jobDetail(
  catalog: CatalogData,
  job: ParsedJob,
  graph: string | null,
): Record<string, unknown> {
  const local = graph ?? undefined;
  const addVertexTypes: object[] = [];
  const addEdgeTypes: object[] = [];
  const dropVertexTypes: string[] = [];
  const dropEdgeTypes: string[] = [];
  const alters = { VERTEX: new Map<string, AlterDetail>(), EDGE: new Map<string, AlterDetail>() };
  const graphs = new Map<string, Record<string, string[]>>();
  const alter = (what: 'VERTEX' | 'EDGE', name: string): AlterDetail => {
    const found = alters[what].get(name);
    if (found) return found;
    const fresh: AlterDetail =
      what === 'VERTEX'
        ? {
            name,
            addAttributes: [],
            dropAttributes: [],
            addIndexAttributes: [],
            dropIndexAttributes: [],
          }
        : { name, addAttributes: [], dropAttributes: [] };
    alters[what].set(name, fresh);
    return fresh;
  };
  const member = (
    graphName: string,
    add: boolean,
    what: 'VERTEX' | 'EDGE',
    names: readonly string[],
  ) => {
    const entry = graphs.get(graphName) ?? {
      addVertexTypes: [],
      dropVertexTypes: [],
      addEdgeTypes: [],
      dropEdgeTypes: [],
    };
    entry[`${add ? 'add' : 'drop'}${what === 'VERTEX' ? 'Vertex' : 'Edge'}Types`]?.push(...names);
    graphs.set(graphName, entry);
  };
  for (const step of job.steps) {
    switch (step.kind) {
      case 'AddTypesToGraph':
        member(step.graph, true, step.what, step.names);
        break;
      case 'AddType':
        if (step.definition.kind === 'CreateVertex') {
          addVertexTypes.push(vertexTypeJson(vertexDefFromAst(catalog, step.definition, local)));
        } else {
          addEdgeTypes.push(edgeTypeJson(edgeDefFromAst(catalog, step.definition, local)));
        }
        break;
      case 'DropTypes':
        if (step.graph !== null) member(step.graph, false, step.what, step.names);
        else (step.what === 'VERTEX' ? dropVertexTypes : dropEdgeTypes).push(...step.names);
        break;
      case 'AlterEdgePairs': {
        const pairs = pairsFromAst(step.pairs).map((p) => ({ From: p.from, To: p.to }));
        const entry = alter('EDGE', step.typeName);
        if (step.adding) entry.addEdgePairs = [...(entry.addEdgePairs ?? []), ...pairs];
        else entry.dropEdgePairs = [...(entry.dropEdgePairs ?? []), ...pairs];
        break;
      }
      case 'AlterAddAttributes':
        alter(step.what, step.typeName).addAttributes.push(
          ...step.attributes.map((a) => {
            const value = literalText(a.defaultValue);
            return {
              AttributeName: a.name,
              AttributeType: attributeTypeJson(attrTypeFromAst(catalog, a.type)),
              ...(value === undefined ? {} : { DefaultValue: value }),
            };
          }),
        );
        break;
      case 'AlterDropAttributes':
        alter(step.what, step.typeName).dropAttributes.push(...step.names);
        break;
      case 'AlterAddIndex':
        alter(step.what, step.typeName).addIndexAttributes?.push({
          indexName: step.index,
          attributeName: step.attribute,
        });
        break;
      case 'AlterDropIndex':
        alter(step.what, step.typeName).dropIndexAttributes?.push({ indexName: step.index });
        break;
    }
  }
  return {
    name: job.name,
    ...(graph === null ? {} : { graph }),
    addVertexTypes,
    dropVertexTypes,
    alterVertexTypes: [...alters.VERTEX.values()],
    addEdgeTypes,
    dropEdgeTypes,
    alterEdgeTypes: [...alters.EDGE.values()],
    addTags: [],
    dropTags: [],
    ...(graphs.size === 0
      ? {}
      : { graphs: [...graphs].map(([graphName, lists]) => ({ graphName, ...lists })) }),
  };
}
