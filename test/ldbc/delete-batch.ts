// One delete batch in the Datagen's layout (`deletes/dynamic/<Entity>/batch_id=<day>/`, rows
// `deletionDate|id` or `deletionDate|src|dst`), as tigergraph/batches.py runs them: the vertex
// files through the del_<Entity> queries, the edge files through the delete_edge loading job.
// The picks come deterministically from the rows that exist by then: a group forum, posts, comments that
// have replies (so the cascades have something to reach), likes, memberships, friendships, and a
// person who wrote comments but no post and whose wall holds none: LDBC's two implementations
// disagree on posts (tigergraph/dml/del_Person.gsql keeps the person's posts and the posts of their
// wall and albums, umbra's DEL1 removes them) and agree on the rest (the person's forums,
// comments, likes, friendships, memberships).
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** batches.py DEL_EDGES, and the vertex types this batch deletes (del_<type> queries). */
export const deletedEdges = [
  'Person_knows_Person',
  'Person_likes_Comment',
  'Person_likes_Post',
  'Forum_hasMember_Person',
] as const;
export const deletedVertices = ['Comment', 'Forum', 'Person', 'Post'] as const;

export function deleteFolder(dataDir: string, entity: string, day: string): string {
  return join(dataDir, 'deletes', 'dynamic', entity, `batch_id=${day}`);
}

/**
 * The rows of one entity by the delete day: the initial snapshot's and every insert batch's
 * (the delete batch is the last day's), split on `|`, headers dropped.
 */
function rowsOf(dataDir: string, entity: string): string[][] {
  const folders = [join(dataDir, 'initial_snapshot', 'dynamic', entity)];
  const batches = join(dataDir, 'inserts', 'dynamic', entity);
  if (existsSync(batches))
    for (const day of readdirSync(batches).sort()) folders.push(join(batches, day));
  const rows: string[][] = [];
  for (const folder of folders) {
    for (const part of readdirSync(folder).sort()) {
      const lines = readFileSync(join(folder, part), 'utf8').split('\n').filter(Boolean);
      for (const line of lines.slice(1)) rows.push(line.split('|'));
    }
  }
  return rows;
}

const byNumber = (a: string, b: string) => Number(a) - Number(b);

/** Picks the batch's deletions and writes their files; answers the number of rows per entity. */
export function writeDeleteBatch(dataDir: string, day: string): Record<string, number> {
  const when = `${day}T12:00:00.000+00:00`;
  const groupForums = rowsOf(dataDir, 'Forum')
    .filter((r) => (r[2] ?? '').startsWith('Group'))
    .map((r) => r[1] ?? '')
    .sort(byNumber);
  const forum = groupForums[Math.floor(groupForums.length / 2)] ?? '';
  const postsOfForum = new Set(
    rowsOf(dataDir, 'Forum_containerOf_Post')
      .filter((r) => r[1] === forum)
      .map((r) => r[2]),
  );
  const posts = rowsOf(dataDir, 'Post')
    .map((r) => r[1] ?? '')
    .filter((id) => !postsOfForum.has(id))
    .sort(byNumber);
  const repliedComments = [
    ...new Set(rowsOf(dataDir, 'Comment_replyOf_Comment').map((r) => r[2] ?? '')),
  ].sort(byNumber);
  const pick = <T>(items: readonly T[], count: number): T[] => {
    const step = Math.max(1, Math.floor(items.length / (count + 1)));
    return Array.from(
      { length: Math.min(count, items.length) },
      (_, i) => items[(i + 1) * step],
    ).filter((x): x is T => x !== undefined);
  };
  const edges = (entity: string, count: number) =>
    pick(
      rowsOf(dataDir, entity).map((r) => [r[1] ?? '', r[2] ?? '']),
      count,
    );
  // A person whose deletion removes no post either way: none written, none in their wall or album.
  const posters = new Set(rowsOf(dataDir, 'Post_hasCreator_Person').map((r) => r[2]));
  const personal = new Set(
    rowsOf(dataDir, 'Forum')
      .filter((r) => /^(Wall|Album) /.test(r[2] ?? ''))
      .map((r) => r[1]),
  );
  const forumsWithPosts = new Set(rowsOf(dataDir, 'Forum_containerOf_Post').map((r) => r[1]));
  for (const [, forumId, moderator] of rowsOf(dataDir, 'Forum_hasModerator_Person'))
    if (personal.has(forumId) && forumsWithPosts.has(forumId)) posters.add(moderator);
  const commentsBy = new Map<string, number>();
  for (const r of rowsOf(dataDir, 'Comment_hasCreator_Person')) {
    const person = r[2] ?? '';
    if (!posters.has(person)) commentsBy.set(person, (commentsBy.get(person) ?? 0) + 1);
  }
  const [person] = [...commentsBy].sort((a, b) => b[1] - a[1] || byNumber(a[0], b[0]));
  const files: Record<string, string[][]> = {
    Person: person ? [[person[0]]] : [],
    Forum: [[forum]],
    Post: pick(posts, 2).map((id) => [id]),
    Comment: pick(repliedComments, 3).map((id) => [id]),
    Person_likes_Post: edges('Person_likes_Post', 3),
    Person_likes_Comment: edges('Person_likes_Comment', 3),
    Forum_hasMember_Person: edges('Forum_hasMember_Person', 2),
    Person_knows_Person: edges('Person_knows_Person', 2),
  };
  const counts: Record<string, number> = {};
  for (const [entity, rows] of Object.entries(files)) {
    if (rows.length === 0) continue;
    const folder = deleteFolder(dataDir, entity, day);
    mkdirSync(folder, { recursive: true });
    const header = rows[0]?.length === 1 ? 'deletionDate|id' : 'deletionDate|src|dst';
    const lines = [header, ...rows.map((r) => [when, ...r].join('|'))];
    writeFileSync(join(folder, 'part-00000.csv'), `${lines.join('\n')}\n`);
    counts[entity] = rows.length;
  }
  return counts;
}
