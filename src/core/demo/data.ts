// The demo graph's data, generated from a fixed seed: people with names and ages, companies,
// cities, and knows / works_at / lives_in edges, as upsert bodies in the service's nested form.
import { seededRng } from './prng.js';

export const demoSize = { people: 2000, companies: 120, cities: 40, knowsPerPerson: 3 };

const first = ['Ada', 'Ben', 'Cleo', 'Dev', 'Eva', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon', 'Kai'];
const last = ['Alvarez', 'Brown', 'Chen', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad'];
const industries = ['software', 'retail', 'energy', 'finance', 'health', 'logistics'];
const countries = ['DE', 'FR', 'US', 'JP', 'BR', 'IN', 'KE', 'SE'];
const syllables = ['ber', 'lin', 'to', 'ka', 'ro', 'na', 'vi', 'mo', 'sa', 'dor'];

type Attrs = Record<string, { value: unknown }>;
type VertexMap = Record<string, Record<string, Attrs>>;
type EdgeMap = Record<
  string,
  Record<string, Record<string, Record<string, Record<string, Attrs>>>>
>;

export interface UpsertBatch {
  vertices?: VertexMap;
  edges?: EdgeMap;
}

const attrs = (o: Record<string, unknown>): Attrs =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, { value: v }]));

/** Ids of the demo's people, `p1` .. `p2000`: the examples name them. */
export const personId = (i: number) => `p${i + 1}`;

/** The demo data as upsert bodies, vertices first, edges in batches of about `batch`. */
export function demoBatches(seed = 20240601, batch = 2500): UpsertBatch[] {
  const rng = seededRng(seed);
  const name = (parts: number) => Array.from({ length: parts }, () => rng.pick(syllables)).join('');
  const vertices: VertexMap = { person: {}, company: {}, city: {} };
  for (let i = 0; i < demoSize.cities; i++) {
    const n = name(2);
    vertices.city![`c${i + 1}`] = attrs({
      name: n[0]!.toUpperCase() + n.slice(1),
      country: rng.pick(countries),
    });
  }
  for (let i = 0; i < demoSize.companies; i++) {
    const n = name(3);
    vertices.company![`co${i + 1}`] = attrs({
      name: `${n[0]!.toUpperCase()}${n.slice(1)} Inc`,
      industry: rng.pick(industries),
    });
  }
  for (let i = 0; i < demoSize.people; i++) {
    vertices.person![personId(i)] = attrs({
      name: `${rng.pick(first)} ${rng.pick(last)}`,
      age: 18 + rng.int(60),
    });
  }
  const batches: UpsertBatch[] = [{ vertices }];
  let edges: EdgeMap = {};
  let count = 0;
  const add = (from: string, type: string, toType: string, to: string, a: Attrs) => {
    const bySource = (edges.person ??= {});
    const byType = ((bySource[from] ??= {})[type] ??= {});
    (byType[toType] ??= {})[to] = a;
    if (++count % batch === 0) {
      batches.push({ edges });
      edges = {};
    }
  };
  for (let i = 0; i < demoSize.people; i++) {
    const id = personId(i);
    add(id, 'lives_in', 'city', `c${1 + rng.int(demoSize.cities)}`, {});
    add(id, 'works_at', 'company', `co${1 + rng.int(demoSize.companies)}`, {
      since: { value: 1995 + rng.int(30) },
    });
    // Preferential-ish attachment: earlier people are known more often, so PageRank has a shape.
    for (let k = 0; k < demoSize.knowsPerPerson; k++) {
      const j = Math.floor(rng.next() * rng.next() * demoSize.people);
      if (j !== i)
        add(id, 'knows', 'person', personId(j), { since: { value: 2000 + rng.int(25) } });
    }
  }
  if (count % batch !== 0) batches.push({ edges });
  return batches;
}
