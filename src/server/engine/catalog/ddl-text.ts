// The catalog as GSQL text, the way the shell's LS and SHOW print it.
import { outputValue } from '../values.js';
import type { AttributeDef, EdgeTypeDef, GraphDef, VertexTypeDef } from './types.js';
import { typeText } from './types.js';

function attributeText(attr: AttributeDef): string {
  const base = `${attr.name} ${typeText(attr.type)}`;
  if (attr.defaultValue === undefined) return base;
  const value = outputValue(attr.type, attr.defaultValue);
  return `${base} DEFAULT ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`;
}

export function vertexDdl(def: VertexTypeDef): string {
  const parts: string[] = [];
  if (def.primaryKeySyntax && def.compositeKey.length <= 1) {
    parts.push(
      ...def.attributes.map((a) =>
        a.name === def.primaryId.name ? `${attributeText(a)} PRIMARY KEY` : attributeText(a),
      ),
    );
  } else if (def.primaryKeySyntax) {
    parts.push(
      ...def.attributes.map(attributeText),
      `PRIMARY KEY (${def.compositeKey.join(', ')})`,
    );
  } else {
    parts.push(
      `PRIMARY_ID ${def.primaryId.name} ${typeText(def.primaryId.type)}`,
      ...def.attributes.map(attributeText),
    );
  }
  const options = [`STATS="${def.stats}"`];
  if (def.primaryIdAsAttribute && !def.primaryKeySyntax)
    options.push('PRIMARY_ID_AS_ATTRIBUTE="true"');
  return `VERTEX ${def.name}(${parts.join(', ')}) WITH ${options.join(', ')}`;
}

export function edgeDdl(def: EdgeTypeDef): string {
  const pairs = def.pairs.map((p) => `FROM ${p.from}, TO ${p.to}`).join(' | ');
  const discriminated = new Set(def.discriminator);
  const parts = [pairs];
  if (def.discriminator.length > 0) {
    const typed = def.discriminator.map((name) => {
      const attr = def.attributes.find((a) => a.name === name);
      return attr ? `${name} ${typeText(attr.type)}` : name;
    });
    parts.push(`DISCRIMINATOR(${typed.join(', ')})`);
  }
  parts.push(...def.attributes.filter((a) => !discriminated.has(a.name)).map(attributeText));
  const head = `${def.directed ? 'DIRECTED' : 'UNDIRECTED'} EDGE ${def.name}(${parts.join(', ')})`;
  return def.reverseEdge ? `${head} WITH REVERSE_EDGE="${def.reverseEdge}"` : head;
}

/** `Graph social(person:v, knows:e)`, the form real clients parse. */
export function graphLine(graph: GraphDef): string {
  const members = [
    ...graph.vertexTypes.map((v) => `${v}:v`),
    ...graph.edgeTypes.map((e) => `${e}:e`),
  ];
  return `Graph ${graph.name}(${members.join(', ')})`;
}
