// An LDBC SNB-shaped social network built in memory from a seed: the static part (places,
// organisations, tags and tag classes) and the dynamic part (persons, forums, posts, comments and
// their relations) with the shape and the invariants of the LDBC Datagen's output, at test size.
// It is the one source both data layouts are written from (see csv-layout.ts), so the GSQL
// implementation and an independent one read the same network.
//
// Invariants the BI queries rely on, kept here:
// - places: countries have ids 0..110, cities from 111, continents after the cities (the LDBC
//   loading job tells countries from cities by `to_int(id) < 111`); every city is part of a
//   country, every country part of a continent;
// - organisations: companies are located in countries, universities in cities; ids unique across;
// - tag classes form a tree under `Thing`; every tag has exactly one class;
// - every forum has a moderator; a person's wall forum has their friends as members; a post is in
//   one forum and written by its moderator or a member who joined before it; a comment replies to
//   an earlier post or comment; every message has a creator and a country; every date follows the
//   dates it depends on (person and forum creation, parent message, membership);
// - relations are sets: no edge is listed twice (KNOWS once per unordered pair).
import { Random } from './random.js';

export interface Place {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly type: 'City' | 'Country' | 'Continent';
  /** The country of a city, the continent of a country; null for a continent. */
  readonly partOf: number | null;
}

export interface Organisation {
  readonly id: number;
  readonly type: 'Company' | 'University';
  readonly name: string;
  readonly url: string;
  /** A country for a company, a city for a university. */
  readonly place: number;
}

export interface TagClass {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly parent: number | null;
}

export interface Tag {
  readonly id: number;
  readonly name: string;
  readonly url: string;
  readonly tagClass: number;
}

/** A dated relation to another entity (the edge files' creationDate column). */
export interface Dated {
  readonly target: number;
  /** Epoch milliseconds. */
  readonly date: number;
}

export interface Person {
  readonly id: number;
  readonly creationDate: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly gender: 'male' | 'female';
  /** `YYYY-MM-DD`. */
  readonly birthday: string;
  readonly locationIP: string;
  readonly browserUsed: string;
  readonly city: number;
  readonly speaks: readonly string[];
  readonly emails: readonly string[];
  readonly interests: readonly Dated[];
  readonly studyAt: readonly (Dated & { readonly classYear: number })[];
  readonly workAt: readonly (Dated & { readonly workFrom: number })[];
}

export interface Knows {
  readonly person1: number;
  readonly person2: number;
  readonly date: number;
}

export interface Forum {
  readonly id: number;
  readonly creationDate: number;
  readonly title: string;
  readonly moderator: number;
  readonly members: readonly Dated[];
  readonly tags: readonly number[];
}

export interface Post {
  readonly id: number;
  readonly creationDate: number;
  /** Non-empty for a photo, whose content and language are empty and length 0. */
  readonly imageFile: string;
  readonly locationIP: string;
  readonly browserUsed: string;
  readonly language: string;
  readonly content: string;
  readonly length: number;
  readonly creator: number;
  readonly forum: number;
  readonly country: number;
  readonly tags: readonly number[];
}

export interface Comment {
  readonly id: number;
  readonly creationDate: number;
  readonly locationIP: string;
  readonly browserUsed: string;
  readonly content: string;
  readonly length: number;
  readonly creator: number;
  readonly country: number;
  /** Exactly one of the two is set: the message replied to. */
  readonly parentPost: number | null;
  readonly parentComment: number | null;
  readonly tags: readonly number[];
}

export interface Like {
  readonly person: number;
  readonly message: number;
  readonly isPost: boolean;
  readonly date: number;
}

export interface Dataset {
  readonly places: readonly Place[];
  readonly organisations: readonly Organisation[];
  readonly tagClasses: readonly TagClass[];
  readonly tags: readonly Tag[];
  readonly persons: readonly Person[];
  readonly knows: readonly Knows[];
  readonly forums: readonly Forum[];
  readonly posts: readonly Post[];
  readonly comments: readonly Comment[];
  readonly likes: readonly Like[];
}

export interface DatasetOptions {
  /** The same seed gives the same data. */
  readonly seed: number;
  /** Multiplies the dynamic part (persons, forums, messages); 1 gives about 3500 vertices. */
  readonly scale: number;
}

const DAY = 86_400_000;
/** The simulated period, as in the LDBC Datagen: 2010-01-01 to 2012-12-31. */
const START = Date.UTC(2010, 0, 1);
const END = Date.UTC(2012, 11, 31, 23, 59, 59, 999);

const CONTINENTS: readonly { name: string; countries: readonly [string, string][] }[] = [
  {
    name: 'Asia',
    countries: [
      ['China', 'zh'],
      ['India', 'hi'],
      ['Japan', 'ja'],
      ['Vietnam', 'vi'],
    ],
  },
  {
    name: 'Europe',
    countries: [
      ['Germany', 'de'],
      ['France', 'fr'],
      ['Hungary', 'hu'],
      ['Spain', 'es'],
    ],
  },
  {
    name: 'North_America',
    countries: [
      ['United_States', 'en'],
      ['Canada', 'en'],
      ['Mexico', 'es'],
    ],
  },
  {
    name: 'South_America',
    countries: [
      ['Brazil', 'pt'],
      ['Argentina', 'es'],
    ],
  },
  {
    name: 'Africa',
    countries: [
      ['Egypt', 'ar'],
      ['Kenya', 'sw'],
    ],
  },
  { name: 'Oceania', countries: [['Australia', 'en']] },
];

/** Tag classes as [name, parent name]; the first is the root. */
const TAG_CLASSES: readonly [string, string | null][] = [
  ['Thing', null],
  ['Agent', 'Thing'],
  ['Person', 'Agent'],
  ['Artist', 'Person'],
  ['MusicalArtist', 'Artist'],
  ['Athlete', 'Person'],
  ['OfficeHolder', 'Person'],
  ['Organisation', 'Agent'],
  ['Company', 'Organisation'],
  ['Place', 'Thing'],
  ['Country', 'Place'],
  ['Work', 'Thing'],
  ['MusicalWork', 'Work'],
  ['Album', 'MusicalWork'],
  ['Single', 'MusicalWork'],
  ['Film', 'Work'],
  ['Event', 'Thing'],
  ['SportsEvent', 'Event'],
];

const FIRST_NAMES = [
  'Ali',
  'Anna',
  'Bao',
  'Carlos',
  'Chen',
  'Eva',
  'Hans',
  'Ivan',
  'Jose',
  'Karl',
  'Lei',
  'Maria',
  'Mehmet',
  'Nina',
  'Otto',
  'Priya',
  'Rahul',
  'Sara',
  'Yang',
  'Zoltan',
];
const LAST_NAMES = [
  'Garcia',
  'Ivanov',
  'Kumar',
  'Li',
  'Mueller',
  'Nagy',
  'Nguyen',
  'Rossi',
  'Silva',
  'Smith',
  'Tanaka',
  'Wang',
  'Yamada',
  'Zhang',
];
const BROWSERS = ['Firefox', 'Chrome', 'Internet Explorer', 'Safari', 'Opera'];
const WORDS = [
  'about',
  'album',
  'band',
  'best',
  'city',
  'club',
  'concert',
  'day',
  'film',
  'game',
  'great',
  'history',
  'league',
  'love',
  'music',
  'new',
  'night',
  'people',
  'photo',
  'play',
  'season',
  'song',
  'team',
  'time',
  'tour',
  'world',
  'year',
];

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function ip(rnd: Random): string {
  return [rnd.int(1, 223), rnd.int(0, 255), rnd.int(0, 255), rnd.int(1, 254)].join('.');
}

/** Text of 1 to `maxWords` words, so lengths fall into every BI-1 length category. */
function text(rnd: Random, maxWords: number): string {
  const words: string[] = [];
  const count = rnd.int(1, maxWords);
  for (let i = 0; i < count; i++) words.push(rnd.pick(WORDS));
  return words.join(' ');
}

/** A date in [from, to], clamped to the simulated period. */
function dateBetween(rnd: Random, from: number, to: number): number {
  const lo = Math.max(from, START);
  const hi = Math.min(Math.max(to, lo), END);
  return lo + Math.floor(rnd.next() * (hi - lo + 1));
}

function staticPart(
  rnd: Random,
): Pick<Dataset, 'places' | 'organisations' | 'tagClasses' | 'tags'> {
  const countries: Place[] = [];
  const cities: Place[] = [];
  const continents: Place[] = [];
  const countryNames = CONTINENTS.flatMap((c) => c.countries);
  let cityId = 111;
  const continentBase = 111 + countryNames.length * 4;
  CONTINENTS.forEach((continent, ci) => {
    const continentId = continentBase + ci;
    continents.push({
      id: continentId,
      name: continent.name,
      url: `http://dbpedia.org/resource/${continent.name}`,
      type: 'Continent',
      partOf: null,
    });
    for (const [name] of continent.countries) {
      const countryId = countries.length;
      countries.push({
        id: countryId,
        name,
        url: `http://dbpedia.org/resource/${name}`,
        type: 'Country',
        partOf: continentId,
      });
      for (let k = 1; k <= 4; k++) {
        const cityName = `${name}_City_${k}`;
        cities.push({
          id: cityId++,
          name: cityName,
          url: `http://dbpedia.org/resource/${cityName}`,
          type: 'City',
          partOf: countryId,
        });
      }
    }
  });
  const organisations: Organisation[] = [];
  for (const country of countries) {
    for (let k = 1; k <= 3; k++) {
      const name = `${country.name}_Company_${k}`;
      organisations.push({
        id: organisations.length,
        type: 'Company',
        name,
        url: `http://dbpedia.org/resource/${name}`,
        place: country.id,
      });
    }
  }
  for (const city of cities) {
    if (!rnd.chance(0.6)) continue;
    const name = `University_of_${city.name}`;
    organisations.push({
      id: organisations.length,
      type: 'University',
      name,
      url: `http://dbpedia.org/resource/${name}`,
      place: city.id,
    });
  }
  const tagClasses: TagClass[] = [];
  for (const [name, parent] of TAG_CLASSES) {
    const parentId =
      parent === null ? null : (tagClasses.find((t) => t.name === parent)?.id ?? null);
    tagClasses.push({
      id: tagClasses.length,
      name,
      url: `http://dbpedia.org/ontology/${name}`,
      parent: parentId,
    });
  }
  const tags: Tag[] = [];
  for (const tagClass of tagClasses) {
    if (tagClass.parent === null) continue;
    const count = rnd.int(3, 10);
    for (let k = 1; k <= count; k++) {
      const name = `${tagClass.name}_Tag_${k}`;
      tags.push({
        id: tags.length,
        name,
        url: `http://dbpedia.org/resource/${name}`,
        tagClass: tagClass.id,
      });
    }
  }
  return { places: [...countries, ...cities, ...continents], organisations, tagClasses, tags };
}

/** Builds the whole network; the same options give the same data. */
export function buildDataset(options: DatasetOptions): Dataset {
  const rnd = new Random(options.seed);
  const { places, organisations, tagClasses, tags } = staticPart(rnd);
  const countryOfCity = new Map(
    places.filter((p) => p.type === 'City').map((p) => [p.id, p.partOf ?? 0]),
  );
  const languageOfCountry = new Map<number, string>();
  for (const [name, language] of CONTINENTS.flatMap((c) => c.countries)) {
    const country = places.find((p) => p.type === 'Country' && p.name === name);
    if (country) languageOfCountry.set(country.id, language);
  }
  const cityIds = [...countryOfCity.keys()];
  const companies = organisations.filter((o) => o.type === 'Company');
  const universities = organisations.filter((o) => o.type === 'University');
  const tagIds = tags.map((t) => t.id);

  // Persons.
  const personCount = Math.max(10, Math.round(220 * options.scale));
  const persons: Person[] = [];
  for (let i = 0; i < personCount; i++) {
    const id = 933 + i * 17;
    const creationDate = dateBetween(rnd, START, END - 240 * DAY);
    const city = rnd.pick(cityIds);
    const country = countryOfCity.get(city) ?? 0;
    const firstName = rnd.pick(FIRST_NAMES);
    const lastName = rnd.pick(LAST_NAMES);
    const birthYear = rnd.int(1980, 1995);
    const birthday = isoDate(Date.UTC(birthYear, rnd.int(0, 11), rnd.int(1, 28)));
    const speaks = [
      ...new Set([languageOfCountry.get(country) ?? 'en', ...(rnd.chance(0.6) ? ['en'] : [])]),
    ];
    const emails = Array.from(
      { length: rnd.int(1, 3) },
      (_, k) => `${firstName}${id}_${k}@${rnd.pick(['gmx.com', 'yahoo.com', 'hotmail.com'])}`,
    );
    const interests = rnd
      .sample(tagIds, rnd.int(1, 6))
      .map((target) => ({ target, date: creationDate }));
    const studyAt = rnd.chance(0.7)
      ? [
          {
            target: rnd.pick(universities).id,
            classYear: birthYear + rnd.int(20, 24),
            date: creationDate,
          },
        ]
      : [];
    const workAt = rnd
      .sample(companies, rnd.int(0, 3))
      .map((c) => ({ target: c.id, workFrom: rnd.int(2000, 2012), date: creationDate }));
    persons.push({
      id,
      creationDate,
      firstName,
      lastName,
      gender: rnd.chance(0.5) ? 'male' : 'female',
      birthday,
      locationIP: ip(rnd),
      browserUsed: rnd.pick(BROWSERS),
      city,
      speaks,
      emails,
      interests,
      studyAt,
      workAt,
    });
  }
  const personById = new Map(persons.map((p) => [p.id, p]));
  const countryOfPerson = (id: number) => countryOfCity.get(personById.get(id)?.city ?? 0) ?? 0;

  // KNOWS: about 10 friends each, once per unordered pair, dated after both persons joined.
  const knows: Knows[] = [];
  const friends = new Map<number, number[]>(persons.map((p) => [p.id, []]));
  const knownPairs = new Set<string>();
  for (const p of persons) {
    for (const q of rnd.sample(persons, rnd.int(2, 8))) {
      if (q.id === p.id) continue;
      const key = p.id < q.id ? `${p.id}-${q.id}` : `${q.id}-${p.id}`;
      if (knownPairs.has(key)) continue;
      knownPairs.add(key);
      const date = dateBetween(rnd, Math.max(p.creationDate, q.creationDate), END - 200 * DAY);
      knows.push({ person1: p.id, person2: q.id, date });
      friends.get(p.id)?.push(q.id);
      friends.get(q.id)?.push(p.id);
    }
  }

  // Forums: a wall per person (friends as members) and group forums with random members.
  const forums: Forum[] = [];
  let forumId = 3;
  for (const p of persons) {
    const members = (friends.get(p.id) ?? []).map((f) => ({
      target: f,
      date: dateBetween(
        rnd,
        Math.max(p.creationDate, personById.get(f)?.creationDate ?? START),
        END - 150 * DAY,
      ),
    }));
    forums.push({
      id: forumId,
      creationDate: p.creationDate,
      title: `Wall of ${p.firstName} ${p.lastName}`,
      moderator: p.id,
      members,
      tags: p.interests.map((i) => i.target),
    });
    forumId += 7;
  }
  const groupCount = Math.max(3, Math.round(55 * options.scale));
  for (let g = 0; g < groupCount; g++) {
    const moderator = rnd.pick(persons);
    const creationDate = dateBetween(rnd, moderator.creationDate, END - 180 * DAY);
    const members = rnd
      .sample(persons, rnd.int(4, 30))
      .filter((m) => m.id !== moderator.id)
      .map((m) => ({
        target: m.id,
        date: dateBetween(rnd, Math.max(creationDate, m.creationDate), END - 120 * DAY),
      }));
    const forumTags = rnd.sample(tagIds, rnd.int(1, 3));
    forums.push({
      id: forumId,
      creationDate,
      title: `Group for ${tags[forumTags[0] ?? 0]?.name ?? 'all'} in ${rnd.pick(places).name}`,
      moderator: moderator.id,
      members,
      tags: forumTags,
    });
    forumId += 7;
  }

  // Posts: written in a forum by its moderator or a member, after the member joined.
  const posts: Post[] = [];
  let messageId = 2 ** 40 + 5;
  for (const forum of forums) {
    const isWall = forum.title.startsWith('Wall of');
    const count = isWall ? rnd.int(0, 4) : rnd.int(4, 18);
    const writers: Dated[] = [
      { target: forum.moderator, date: forum.creationDate },
      ...forum.members,
    ];
    for (let k = 0; k < count; k++) {
      const writer = rnd.pick(writers);
      const creationDate = dateBetween(rnd, writer.date, END - 60 * DAY);
      const photo = rnd.chance(0.2);
      const content = photo ? '' : text(rnd, 40);
      const homeCountry = countryOfPerson(writer.target);
      const country = rnd.chance(0.9)
        ? homeCountry
        : rnd.pick(places.filter((p) => p.type === 'Country')).id;
      const ownTags = rnd.sample(
        [...new Set([...forum.tags, ...rnd.sample(tagIds, 2)])],
        rnd.int(0, 3),
      );
      posts.push({
        id: messageId,
        creationDate,
        imageFile: photo ? `photo${messageId}.jpg` : '',
        locationIP: ip(rnd),
        browserUsed: rnd.pick(BROWSERS),
        language: photo ? '' : (languageOfCountry.get(homeCountry) ?? 'en'),
        content,
        length: content.length,
        creator: writer.target,
        forum: forum.id,
        country,
        tags: ownTags,
      });
      messageId += 3;
    }
  }

  // Comments: each replies to an earlier message (a post, or a comment already in the thread).
  const comments: Comment[] = [];
  const commentCount = Math.round(posts.length * 1.6);
  for (let k = 0; k < commentCount; k++) {
    const onPost = comments.length === 0 || rnd.chance(0.55);
    const parent = onPost ? rnd.pick(posts) : rnd.pick(comments);
    const creator = rnd.pick(persons);
    const creationDate = dateBetween(
      rnd,
      Math.max(parent.creationDate, creator.creationDate) + 1000,
      Math.max(parent.creationDate, creator.creationDate) + 40 * DAY,
    );
    const content = text(rnd, 30);
    comments.push({
      id: messageId,
      creationDate,
      locationIP: ip(rnd),
      browserUsed: rnd.pick(BROWSERS),
      content,
      length: content.length,
      creator: creator.id,
      country: countryOfPerson(creator.id),
      parentPost: onPost ? parent.id : null,
      parentComment: onPost ? null : parent.id,
      tags: rnd
        .sample([...parent.tags, ...rnd.sample(tagIds, 1)], rnd.int(0, 2))
        .filter((t, i, all) => all.indexOf(t) === i),
    });
    messageId += 3;
  }

  // Likes: distinct (person, message) pairs, after the message was written.
  const likes: Like[] = [];
  const liked = new Set<string>();
  const messages: { id: number; creationDate: number; isPost: boolean }[] = [
    ...posts.map((p) => ({ id: p.id, creationDate: p.creationDate, isPost: true })),
    ...comments.map((c) => ({ id: c.id, creationDate: c.creationDate, isPost: false })),
  ];
  const likeCount = Math.round(messages.length * 1.2);
  for (let k = 0; k < likeCount; k++) {
    const person = rnd.pick(persons);
    const message = rnd.pick(messages);
    const key = `${person.id}-${message.id}`;
    if (liked.has(key)) continue;
    liked.add(key);
    likes.push({
      person: person.id,
      message: message.id,
      isPost: message.isPost,
      date: dateBetween(
        rnd,
        Math.max(message.creationDate, person.creationDate) + 1000,
        message.creationDate + 30 * DAY,
      ),
    });
  }

  return {
    places,
    organisations,
    tagClasses,
    tags,
    persons,
    knows,
    forums,
    posts,
    comments,
    likes,
  };
}
