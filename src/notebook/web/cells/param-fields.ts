// What form field a query parameter gets, from the type text in the query's metadata
// (`INT`, `VERTEX<person>`, `SET<VERTEX<person>>`, `MAP<STRING, INT>` ...), and how the text
// the user typed becomes the JSON value the installed-query operation sends. Pure: no DOM.

export type FieldKind = 'integer' | 'number' | 'bool' | 'text' | 'datetime' | 'vertex' | 'json';

export interface Field {
  readonly kind: FieldKind;
  /** A fixed vertex type (VERTEX<person>), or undefined for any vertex type. */
  readonly vertexType?: string;
  /** SET, BAG and LIST parameters: one value per line, each of this element field. */
  readonly many?: boolean;
}

function scalar(type: string): Field {
  const t = type.trim().toUpperCase();
  if (/^(U?INT\d*|UINT)$/.test(t)) return { kind: 'integer' };
  if (/^(FLOAT|DOUBLE)$/.test(t)) return { kind: 'number' };
  if (t === 'BOOL' || t === 'BOOLEAN') return { kind: 'bool' };
  if (t === 'DATETIME') return { kind: 'datetime' };
  const vertex = /^VERTEX\s*(?:<\s*([A-Za-z_]\w*)\s*>)?$/i.exec(type.trim());
  if (vertex) return vertex[1] ? { kind: 'vertex', vertexType: vertex[1] } : { kind: 'vertex' };
  if (t === 'STRING') return { kind: 'text' };
  return { kind: 'json' };
}

export function fieldFor(type: string): Field {
  const collection = /^(SET|BAG|LIST)\s*<(.*)>$/i.exec(type.trim());
  if (collection?.[2] !== undefined) {
    const element = scalar(collection[2]);
    return element.kind === 'json' ? { kind: 'json' } : { ...element, many: true };
  }
  return scalar(type);
}

export class ParamError extends Error {
  readonly code = 'GWB-NOTEBOOK-PARAM';
}

/** A vertex as the form holds it: the id text and, for untyped VERTEX, the chosen type. */
export interface VertexValue {
  readonly id: string;
  readonly type?: string;
}

function one(name: string, field: Field, raw: unknown): unknown {
  switch (field.kind) {
    case 'integer': {
      const text = String(raw).trim();
      if (!/^-?\d+$/.test(text)) throw new ParamError(`${name}: '${text}' is not an integer`);
      const big = BigInt(text);
      return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(big)
        : big;
    }
    case 'number': {
      const text = String(raw).trim();
      const value = Number(text);
      if (text === '' || !Number.isFinite(value)) {
        throw new ParamError(`${name}: '${text}' is not a number`);
      }
      return value;
    }
    case 'bool':
      return raw === true || raw === 'true';
    case 'text':
    case 'datetime':
      return String(raw);
    case 'vertex': {
      const v = (typeof raw === 'object' && raw !== null ? raw : { id: raw }) as VertexValue;
      const id = String(v.id ?? '').trim();
      const type = field.vertexType ?? v.type;
      if (id === '') throw new ParamError(`${name}: give a vertex id`);
      if (type === undefined || type === '') throw new ParamError(`${name}: choose a vertex type`);
      return { id, type };
    }
    case 'json': {
      try {
        return JSON.parse(String(raw)) as unknown;
      } catch {
        throw new ParamError(`${name}: not valid JSON`);
      }
    }
  }
}

/**
 * The JSON value of a parameter from what the form holds: a string (one value, or one per line
 * for collections), a boolean, or vertex objects. Empty optional values are left out (undefined).
 */
export function argValue(name: string, field: Field, raw: unknown): unknown {
  if (field.many) {
    const items = Array.isArray(raw)
      ? raw
      : (typeof raw === 'string' ? raw : '')
          .split('\n')
          .map((s) => s.trim())
          .filter((s) => s !== '');
    return items.map((item) => one(name, { ...field, many: false }, item));
  }
  if (raw === undefined || raw === '') return undefined;
  return one(name, field, raw);
}
