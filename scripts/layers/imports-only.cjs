/**
 * A Babel config for dependency-cruiser: it reads TypeScript and TSX and keeps only the module
 * specifiers a file imports, type-only ones included, each as a plain `import 'x'`. The project's
 * TypeScript (7, native) has no compiler API for dependency-cruiser to parse with, and Babel's
 * own TypeScript transform would drop type-only imports, which are arrows between layers too.
 */

/** The module a node names, if it is an import, a re-export, `import('x')` or `import('x').T`. */
function sourceOf(node) {
  switch (node.type) {
    case 'ImportDeclaration':
    case 'ExportNamedDeclaration':
    case 'ExportAllDeclaration':
      return node.source;
    case 'TSImportType':
      return node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument;
    case 'CallExpression':
      return node.callee.type === 'Import' ? node.arguments[0] : null;
    default:
      return null;
  }
}

function importsOnly({ types: t }) {
  return {
    manipulateOptions(opts, parserOpts) {
      parserOpts.plugins.push('typescript');
      if (/\.tsx$/.test(opts.filename ?? '')) parserOpts.plugins.push('jsx');
    },
    visitor: {
      Program: {
        exit(program) {
          const specifiers = [];
          program.traverse({
            enter(path) {
              const source = sourceOf(path.node);
              if (source?.type === 'StringLiteral') specifiers.push(source.value);
            },
          });
          program.node.body = specifiers.map((s) => t.importDeclaration([], t.stringLiteral(s)));
          program.node.directives = [];
        },
      },
    },
  };
}

module.exports = { babelrc: false, configFile: false, sourceType: 'module', plugins: [importsOnly] };
