// The LDBC Datagen's `composite-projected-fk` CSV layout (BI mode, `--explode-edges`), which the
// TigerGraph implementation's loading jobs read: one folder per entity or relation under
// `initial_snapshot/static` and `initial_snapshot/dynamic`, each holding `part-NNNNN.csv` files
// with a header line, `|` separators, datetimes as `2011-05-03T17:02:43.123+00:00`, dates as
// `1985-02-14`, multi-valued attributes (`language`, `email`) joined by `;`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Dataset } from './dataset.js';

type Cell = string | number;

/** One folder of the layout: its header and rows. */
export interface EntityFile {
  readonly part: 'static' | 'dynamic';
  /** The folder name, which is also the loading jobs' `file_<name>` variable suffix. */
  readonly name: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly Cell[])[];
}

/** `2011-05-03T17:02:43.123+00:00`. */
export function datetimeText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}+00:00`;
}

const s = (name: string, header: string[], rows: Cell[][]): EntityFile => ({
  part: 'static',
  name,
  header,
  rows,
});
const d = (name: string, header: string[], rows: Cell[][]): EntityFile => ({
  part: 'dynamic',
  name,
  header,
  rows,
});

/** Every file of the layout with its rows, in the Datagen's names and column orders. */
export function projectedFkFiles(data: Dataset): EntityFile[] {
  const t = datetimeText;
  const posts = data.posts;
  const comments = data.comments;
  return [
    s(
      'Organisation',
      ['id', 'type', 'name', 'url'],
      data.organisations.map((o) => [o.id, o.type, o.name, o.url]),
    ),
    s(
      'Organisation_isLocatedIn_Place',
      ['OrganisationId', 'PlaceId'],
      data.organisations.map((o) => [o.id, o.place]),
    ),
    s(
      'Place',
      ['id', 'name', 'url', 'type'],
      data.places.map((p) => [p.id, p.name, p.url, p.type]),
    ),
    s(
      'Place_isPartOf_Place',
      ['Place1Id', 'Place2Id'],
      data.places.flatMap((p) => (p.partOf === null ? [] : [[p.id, p.partOf]])),
    ),
    s(
      'Tag',
      ['id', 'name', 'url'],
      data.tags.map((g) => [g.id, g.name, g.url]),
    ),
    s(
      'TagClass',
      ['id', 'name', 'url'],
      data.tagClasses.map((c) => [c.id, c.name, c.url]),
    ),
    s(
      'TagClass_isSubclassOf_TagClass',
      ['TagClass1Id', 'TagClass2Id'],
      data.tagClasses.flatMap((c) => (c.parent === null ? [] : [[c.id, c.parent]])),
    ),
    s(
      'Tag_hasType_TagClass',
      ['TagId', 'TagClassId'],
      data.tags.map((g) => [g.id, g.tagClass]),
    ),
    d(
      'Comment',
      ['creationDate', 'id', 'locationIP', 'browserUsed', 'content', 'length'],
      comments.map((c) => [
        t(c.creationDate),
        c.id,
        c.locationIP,
        c.browserUsed,
        c.content,
        c.length,
      ]),
    ),
    d(
      'Comment_hasCreator_Person',
      ['creationDate', 'CommentId', 'PersonId'],
      comments.map((c) => [t(c.creationDate), c.id, c.creator]),
    ),
    d(
      'Comment_hasTag_Tag',
      ['creationDate', 'CommentId', 'TagId'],
      comments.flatMap((c) => c.tags.map((g) => [t(c.creationDate), c.id, g])),
    ),
    d(
      'Comment_isLocatedIn_Country',
      ['creationDate', 'CommentId', 'CountryId'],
      comments.map((c) => [t(c.creationDate), c.id, c.country]),
    ),
    d(
      'Comment_replyOf_Comment',
      ['creationDate', 'Comment1Id', 'Comment2Id'],
      comments.flatMap((c) =>
        c.parentComment === null ? [] : [[t(c.creationDate), c.id, c.parentComment]],
      ),
    ),
    d(
      'Comment_replyOf_Post',
      ['creationDate', 'CommentId', 'PostId'],
      comments.flatMap((c) =>
        c.parentPost === null ? [] : [[t(c.creationDate), c.id, c.parentPost]],
      ),
    ),
    d(
      'Forum',
      ['creationDate', 'id', 'title'],
      data.forums.map((f) => [t(f.creationDate), f.id, f.title]),
    ),
    d(
      'Forum_containerOf_Post',
      ['creationDate', 'ForumId', 'PostId'],
      posts.map((p) => [t(p.creationDate), p.forum, p.id]),
    ),
    d(
      'Forum_hasMember_Person',
      ['creationDate', 'ForumId', 'PersonId'],
      data.forums.flatMap((f) => f.members.map((m) => [t(m.date), f.id, m.target])),
    ),
    d(
      'Forum_hasModerator_Person',
      ['creationDate', 'ForumId', 'PersonId'],
      data.forums.map((f) => [t(f.creationDate), f.id, f.moderator]),
    ),
    d(
      'Forum_hasTag_Tag',
      ['creationDate', 'ForumId', 'TagId'],
      data.forums.flatMap((f) => f.tags.map((g) => [t(f.creationDate), f.id, g])),
    ),
    d(
      'Person',
      [
        'creationDate',
        'id',
        'firstName',
        'lastName',
        'gender',
        'birthday',
        'locationIP',
        'browserUsed',
        'language',
        'email',
      ],
      data.persons.map((p) => [
        t(p.creationDate),
        p.id,
        p.firstName,
        p.lastName,
        p.gender,
        p.birthday,
        p.locationIP,
        p.browserUsed,
        p.speaks.join(';'),
        p.emails.join(';'),
      ]),
    ),
    d(
      'Person_hasInterest_Tag',
      ['creationDate', 'PersonId', 'TagId'],
      data.persons.flatMap((p) => p.interests.map((i) => [t(i.date), p.id, i.target])),
    ),
    d(
      'Person_isLocatedIn_City',
      ['creationDate', 'PersonId', 'CityId'],
      data.persons.map((p) => [t(p.creationDate), p.id, p.city]),
    ),
    d(
      'Person_knows_Person',
      ['creationDate', 'Person1Id', 'Person2Id'],
      data.knows.map((k) => [t(k.date), k.person1, k.person2]),
    ),
    d(
      'Person_likes_Comment',
      ['creationDate', 'PersonId', 'CommentId'],
      data.likes.filter((l) => !l.isPost).map((l) => [t(l.date), l.person, l.message]),
    ),
    d(
      'Person_likes_Post',
      ['creationDate', 'PersonId', 'PostId'],
      data.likes.filter((l) => l.isPost).map((l) => [t(l.date), l.person, l.message]),
    ),
    d(
      'Person_studyAt_University',
      ['creationDate', 'PersonId', 'UniversityId', 'classYear'],
      data.persons.flatMap((p) => p.studyAt.map((u) => [t(u.date), p.id, u.target, u.classYear])),
    ),
    d(
      'Person_workAt_Company',
      ['creationDate', 'PersonId', 'CompanyId', 'workFrom'],
      data.persons.flatMap((p) => p.workAt.map((w) => [t(w.date), p.id, w.target, w.workFrom])),
    ),
    d(
      'Post',
      [
        'creationDate',
        'id',
        'imageFile',
        'locationIP',
        'browserUsed',
        'language',
        'content',
        'length',
      ],
      posts.map((p) => [
        t(p.creationDate),
        p.id,
        p.imageFile,
        p.locationIP,
        p.browserUsed,
        p.language,
        p.content,
        p.length,
      ]),
    ),
    d(
      'Post_hasCreator_Person',
      ['creationDate', 'PostId', 'PersonId'],
      posts.map((p) => [t(p.creationDate), p.id, p.creator]),
    ),
    d(
      'Post_hasTag_Tag',
      ['creationDate', 'PostId', 'TagId'],
      posts.flatMap((p) => p.tags.map((g) => [t(p.creationDate), p.id, g])),
    ),
    d(
      'Post_isLocatedIn_Country',
      ['creationDate', 'PostId', 'CountryId'],
      posts.map((p) => [t(p.creationDate), p.id, p.country]),
    ),
  ];
}

/**
 * Writes the files under `dir/initial_snapshot/{static,dynamic}/<name>/`: two part files when a
 * folder has two rows or more (as the Datagen splits its output), each with the header.
 * Returns each folder's path by name.
 */
export function writeProjectedFk(dir: string, files: readonly EntityFile[]): Map<string, string> {
  const folders = new Map<string, string>();
  for (const file of files) {
    const folder = join(dir, 'initial_snapshot', file.part, file.name);
    mkdirSync(folder, { recursive: true });
    const half = Math.ceil(file.rows.length / 2);
    const parts =
      file.rows.length >= 2 ? [file.rows.slice(0, half), file.rows.slice(half)] : [file.rows];
    parts.forEach((rows, i) => {
      const lines = [file.header.join('|'), ...rows.map((r) => r.join('|'))];
      writeFileSync(
        join(folder, `part-${String(i).padStart(5, '0')}.csv`),
        `${lines.join('\n')}\n`,
      );
    });
    folders.set(file.name, folder);
  }
  return folders;
}
