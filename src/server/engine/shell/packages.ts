// SHOW PACKAGE and IMPORT PACKAGE: the template-query library (GDBMS_ALGO) as the GSQL shell lists
// it, in the layout pyTigerGraph's featurizer reads (it drops the first two lines of
// `SHOW PACKAGE GDBMS_ALGO` and strips "- " from each category line, then looks for query names
// in `SHOW PACKAGE GDBMS_ALGO.<category>`):
//   Packages on global:            Packages GDBMS_ALGO:         Packages GDBMS_ALGO.centrality:
//     - GDBMS_ALGO                   - Sub-Packages:              - Object:
//                                      - centrality                   - Packaged Queries:
//                                                                       - pagerank(string v_type, ...)
// The embedded library is built in, so it is always imported: IMPORT PACKAGE of a known package
// (or sub-package) succeeds and changes nothing; an unknown name is refused.
import type { ImportPackage, ShowPackage } from '../../../core/gsql/index.js';
import { formatType } from '../../../core/gsql/index.js';
import { libraryPackage, templates, type Template } from '../library/index.js';
import { UnknownPackageError } from './errors.js';

function categories(): string[] {
  return [...new Set([...templates().values()].map((t) => t.category))].sort();
}

/** A template's signature as the listing shows it: lower-case types, no defaults. */
function signature(t: Template): string {
  const params = t.ast.params.map((p) => `${formatType(p.type).toLowerCase()} ${p.name}`);
  return `${t.ast.name}(${params.join(', ')})`;
}

/** The package or sub-package a dotted name names, or an error naming it. */
function resolve(name: string): { category: string | null } {
  const [root, category, ...rest] = name.split('.');
  if (root !== libraryPackage || rest.length > 0) throw new UnknownPackageError(name);
  if (category === undefined) return { category: null };
  if (!categories().includes(category)) throw new UnknownPackageError(name);
  return { category };
}

export function showPackage(node: ShowPackage): string[] {
  if (node.name === null) return ['Packages on global:', `  - ${libraryPackage}`];
  const { category } = resolve(node.name);
  if (category === null)
    return [
      `Packages ${libraryPackage}:`,
      '  - Sub-Packages:',
      ...categories().map((c) => `    - ${c}`),
    ];
  const queries = [...templates().values()]
    .filter((t) => t.category === category)
    .map(signature)
    .sort();
  return [
    `Packages ${node.name}:`,
    '  - Object:',
    '      - Packaged Queries:',
    ...queries.map((q) => `        - ${q}`),
  ];
}

export function importPackage(node: ImportPackage): string[] {
  resolve(node.name);
  return [`Successfully imported package: ${node.name}.`];
}
