// A generator of LDBC SNB BI-shaped data for tests: deterministic from a seed, a few thousand
// vertices at scale 1, written in the CSV layout the TigerGraph implementation's loading jobs
// (ddl/load_static.gsql, ddl/load_dynamic.gsql) read, and answering what it wrote per type.
//
//   const counts = generate(dir, { seed: 7, scale: 1 });
//   // dir/initial_snapshot/static/Place/part-00000.csv ... dynamic/Person_knows_Person/...
//   counts.vertices.Person; counts.edges.HAS_CREATOR; counts.pairs (per FROM/TO pair)
//   counts.jobs.load_dynamic  // { file_Person: '<dir>/initial_snapshot/dynamic/Person', ... }
//   counts.dataset            // the network itself (dataset.ts), for independent checks
//
// Shape (scale 1, seed-dependent within a few percent; about 3500 vertices and 20000 edges):
// 6 continents, 16 countries, 64 cities, 48 companies, ~40 universities, 18 tag classes in a tree
// under Thing, ~120 tags, 220 persons, 275 forums (a wall per person, 55 groups), ~1050 posts,
// ~1700 comments; KNOWS ~5 per person, likes ~1.2 per message. `scale` multiplies persons and
// group forums and, through them, messages; the static part does not grow. Files: see
// csv-layout.ts (composite-projected-fk, as the LDBC Datagen writes with --explode-edges, in two
// part files per folder).
import { buildDataset, type Dataset } from './dataset.js';
import { projectedFkFiles, writeProjectedFk } from './csv-layout.js';

export type { Dataset } from './dataset.js';

export interface GenerateOptions {
  readonly seed?: number;
  readonly scale?: number;
}

/** How many edges of one type join one FROM/TO pair of vertex types. */
export interface PairCount {
  readonly edge: string;
  readonly from: string;
  readonly to: string;
  readonly count: number;
}

export interface GeneratedData {
  /** Vertices per vertex type of the LDBC schema. */
  readonly vertices: Readonly<Record<string, number>>;
  /** Edges per edge type of the LDBC schema as the loading jobs create them (no reverse edges). */
  readonly edges: Readonly<Record<string, number>>;
  /** The edges per FROM/TO pair, for the edge types with several pairs and the others alike. */
  readonly pairs: readonly PairCount[];
  /** Per loading job, its filename variables and the folders to give them (RUN ... USING). */
  readonly jobs: {
    readonly load_static: Readonly<Record<string, string>>;
    readonly load_dynamic: Readonly<Record<string, string>>;
  };
  readonly dataset: Dataset;
}

function pairCounts(data: Dataset): PairCount[] {
  const orgs = data.organisations;
  const places = data.places;
  const commentsOnPosts = data.comments.filter((c) => c.parentPost !== null).length;
  const commentTags = data.comments.reduce((n, c) => n + c.tags.length, 0);
  const postTags = data.posts.reduce((n, p) => n + p.tags.length, 0);
  const forumTags = data.forums.reduce((n, f) => n + f.tags.length, 0);
  const likesOfPosts = data.likes.filter((l) => l.isPost).length;
  const p = (edge: string, from: string, to: string, count: number): PairCount => ({
    edge,
    from,
    to,
    count,
  });
  return [
    p('CONTAINER_OF', 'Forum', 'Post', data.posts.length),
    p('HAS_CREATOR', 'Comment', 'Person', data.comments.length),
    p('HAS_CREATOR', 'Post', 'Person', data.posts.length),
    p(
      'HAS_INTEREST',
      'Person',
      'Tag',
      data.persons.reduce((n, x) => n + x.interests.length, 0),
    ),
    p(
      'HAS_MEMBER',
      'Forum',
      'Person',
      data.forums.reduce((n, f) => n + f.members.length, 0),
    ),
    p('HAS_MODERATOR', 'Forum', 'Person', data.forums.length),
    p('HAS_TAG', 'Comment', 'Tag', commentTags),
    p('HAS_TAG', 'Post', 'Tag', postTags),
    p('HAS_TAG', 'Forum', 'Tag', forumTags),
    p('HAS_TYPE', 'Tag', 'TagClass', data.tags.length),
    p('IS_LOCATED_IN', 'Company', 'Country', orgs.filter((o) => o.type === 'Company').length),
    p('IS_LOCATED_IN', 'Person', 'City', data.persons.length),
    p('IS_LOCATED_IN', 'University', 'City', orgs.filter((o) => o.type === 'University').length),
    p('MESG_LOCATED_IN', 'Comment', 'Country', data.comments.length),
    p('MESG_LOCATED_IN', 'Post', 'Country', data.posts.length),
    p('IS_PART_OF', 'City', 'Country', places.filter((x) => x.type === 'City').length),
    p('IS_PART_OF', 'Country', 'Continent', places.filter((x) => x.type === 'Country').length),
    p(
      'IS_SUBCLASS_OF',
      'TagClass',
      'TagClass',
      data.tagClasses.filter((c) => c.parent !== null).length,
    ),
    p('KNOWS', 'Person', 'Person', data.knows.length),
    p('LIKES', 'Person', 'Comment', data.likes.length - likesOfPosts),
    p('LIKES', 'Person', 'Post', likesOfPosts),
    p('REPLY_OF', 'Comment', 'Comment', data.comments.length - commentsOnPosts),
    p('REPLY_OF', 'Comment', 'Post', commentsOnPosts),
    p(
      'STUDY_AT',
      'Person',
      'University',
      data.persons.reduce((n, x) => n + x.studyAt.length, 0),
    ),
    p(
      'WORK_AT',
      'Person',
      'Company',
      data.persons.reduce((n, x) => n + x.workAt.length, 0),
    ),
    // load_dynamic links each direct reply to its post; the precompute step adds the rest.
    p('ROOT_POST', 'Comment', 'Post', commentsOnPosts),
  ];
}

/** Builds the network for `seed` and `scale` and writes it under `dir`; answers the counts. */
export function generate(dir: string, options: GenerateOptions = {}): GeneratedData {
  const dataset = buildDataset({ seed: options.seed ?? 1, scale: options.scale ?? 1 });
  const files = projectedFkFiles(dataset);
  const folders = writeProjectedFk(dir, files);
  const job = (part: 'static' | 'dynamic') =>
    Object.fromEntries(
      files
        .filter((f) => f.part === part)
        .map((f) => [`file_${f.name}`, folders.get(f.name) ?? '']),
    );
  const count = (type: string) => dataset.places.filter((x) => x.type === type).length;
  const orgs = (type: string) => dataset.organisations.filter((o) => o.type === type).length;
  const pairs = pairCounts(dataset);
  const edges: Record<string, number> = { REPLY_COUNT: 0 };
  for (const pair of pairs) edges[pair.edge] = (edges[pair.edge] ?? 0) + pair.count;
  return {
    vertices: {
      Comment: dataset.comments.length,
      Post: dataset.posts.length,
      Company: orgs('Company'),
      University: orgs('University'),
      City: count('City'),
      Country: count('Country'),
      Continent: count('Continent'),
      Forum: dataset.forums.length,
      Person: dataset.persons.length,
      Tag: dataset.tags.length,
      TagClass: dataset.tagClasses.length,
    },
    edges,
    pairs,
    jobs: { load_static: job('static'), load_dynamic: job('dynamic') },
    dataset,
  };
}
