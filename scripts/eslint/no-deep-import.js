// A module folder (db/<domain>/, ...) is reached from outside through its entry
// module (index.ts) only: its other files are internal, free to split, merge and
// rename. An import from outside the folder that names a file inside it is an
// error. Options: { root, modules }, where modules are folders relative to root
// ('shared/audit') or 'parent/*' for every folder directly inside parent.
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/** The module folder (relative to root, '/'-separated) that target lies deeper inside than its entry, if any. */
export function moduleFolderEntered(target, modules) {
  const parts = target.split('/');
  for (const pattern of modules) {
    const wanted = pattern.split('/');
    if (parts.length <= wanted.length) continue;
    const matches = wanted.every((part, i) => part === '*' || part === parts[i]);
    if (!matches) continue;
    const folder = parts.slice(0, wanted.length).join('/');
    const rest = parts.slice(wanted.length).join('/');
    return /^index(\.[cm]?[jt]sx?)?$/u.test(rest) ? null : folder;
  }
  return null;
}

/** A relative specifier from the importing file's folder to the module folder. */
function entrySpecifier(fromDir, folderPath) {
  const path = relative(fromDir, folderPath).split(sep).join('/');
  return path.startsWith('.') ? path : `./${path}`;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noDeepImport = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Reach a module folder from outside through its entry module (index.ts), not a file inside it',
    },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' }, modules: { type: 'array', items: { type: 'string' } } },
        required: ['modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      deep: "'{{specifier}}' reaches inside {{folder}}/: import the folder's entry module '{{entry}}' instead.",
    },
  },
  create(context) {
    const { root = context.cwd, modules } = context.options[0];
    const fromDir = dirname(context.filename);
    const here = relative(root, context.filename).split(sep).join('/');

    function check(source) {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const specifier = source.value;
      if (!specifier.startsWith('.')) return;
      const targetPath = resolve(fromDir, specifier);
      const target = relative(root, targetPath).split(sep).join('/');
      if (target.startsWith('..') || isAbsolute(target)) return;
      const folder = moduleFolderEntered(target, modules);
      if (folder === null || here.startsWith(`${folder}/`)) return;
      const entry = entrySpecifier(fromDir, resolve(root, folder));
      context.report({ node: source, messageId: 'deep', data: { specifier, folder, entry } });
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-deep-import': noDeepImport } };
