// The template (library) query module: the registry of templates, their parameter tables, and
// runs on a graph. The HTTP handlers (src/server/handlers/library.ts) use only this entry point.
export { LibraryError, type LibraryErrorCode } from './errors.js';
export {
  libraryPackage,
  requireTemplate,
  searchTemplates,
  templates,
  type Template,
  type TemplateParam,
} from './registry.js';
export { generatedQueryName, templateRunner, type TemplateRun } from './runner.js';
