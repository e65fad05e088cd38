// User-defined function files in the catalog: the C++ sources PUT ExprFunctions / ExprUtil /
// TokenBank upload, kept as text so GET (shell and /gsql/v1/udt/files) answers them back and a
// restart keeps them. The embedded service cannot compile C++: it runs TypeScript equivalents of
// the functions it knows by name (query/udf/) and JavaScript modules given to `gwb serve --udf`;
// the stored text tells an install error which names a file defines.
import { CatalogError } from './errors.js';
import type { CatalogData, UdfFileName } from './types.js';

/** Largest file accepted (the real service's files are a few kilobytes of C++). */
export const maxUdfFileBytes = 1024 * 1024;

export function putUdfFile(catalog: CatalogData, file: UdfFileName, text: string): CatalogData {
  if (Buffer.byteLength(text, 'utf8') > maxUdfFileBytes)
    throw new CatalogError(
      'SCHEMA-INVALID',
      `PUT ${file}: the file is larger than ${maxUdfFileBytes} bytes`,
    );
  return {
    ...catalog,
    udfFiles: { ...catalog.udfFiles, [file]: text },
    version: catalog.version + 1,
  };
}

/** The stored file, or '' when none was uploaded (the real service ships empty templates). */
export function udfFileText(catalog: CatalogData, file: UdfFileName): string {
  return catalog.udfFiles?.[file] ?? '';
}

/**
 * The function names a C++ UDF file defines: `inline <type> name(` in ExprFunctions, `extern "C"
 * <type> name(` in TokenBank. A scan of declarations, not a C++ parser.
 */
export function definedFunctionNames(text: string): string[] {
  const names = new Set<string>();
  const declaration =
    /(?:^|[\s;}])(?:inline|extern\s+"C")\s+(?:[A-Za-z_][\w:<>,\s*&]*?\s+[*&]?)([A-Za-z_]\w*)\s*\(/g;
  for (const m of text.matchAll(declaration)) if (m[1] !== undefined) names.add(m[1]);
  return [...names];
}
