import path from 'node:path';

/**
 * Boundaries that hold by themselves (issue 14): a console feature imports no other
 * feature, and a server module no other module. What two of them share lives in
 * web/src/components or web/src/lib, or in server/src/platform.
 *
 * Each area is a folder whose direct children are the units: an import from inside
 * one unit into a sibling unit is refused.
 */
const AREAS = [
  { root: 'packages/web/src/features', what: 'console feature', shared: 'components/ or lib/' },
  { root: 'packages/server/src/modules', what: 'server module', shared: 'platform/' },
];

function unitOf(file, root) {
  const relative = path.relative(path.resolve(root), file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [unit, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? unit : null;
}

export const noCrossUnitImports = {
  meta: {
    type: 'problem',
    docs: { description: 'no imports between console features or between server modules' },
    schema: [],
    messages: {
      crossing: "The {{what}} '{{from}}' imports from the {{what}} '{{to}}': move what both need to {{shared}}.",
    },
  },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      for (const area of AREAS) {
        const from = unitOf(file, area.root);
        if (!from) continue;
        const to = unitOf(target, area.root) ?? unitOf(path.join(target, 'index'), area.root);
        if (to && to !== from) context.report({ node, messageId: 'crossing', data: { what: area.what, from, to, shared: area.shared } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'no-cross-unit-imports': noCrossUnitImports } };
