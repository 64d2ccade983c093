/**
 * A Babel config for dependency-cruiser: it reads TypeScript and TSX and keeps only the module
 * specifiers a file imports, type-only ones included, each as a plain `import 'x'`. The project's
 * TypeScript (7, native) has no compiler API for dependency-cruiser to parse with, and Babel's
 * own TypeScript transform would drop type-only imports, which are edges between layers too.
 */
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
          const add = (source) => {
            if (source && source.type === 'StringLiteral') specifiers.push(source.value);
          };
          program.traverse({
            ImportDeclaration: (p) => add(p.node.source),
            ExportNamedDeclaration: (p) => add(p.node.source),
            ExportAllDeclaration: (p) => add(p.node.source),
            TSImportType: (p) => add(p.node.argument.type === 'TSLiteralType' ? p.node.argument.literal : p.node.argument),
            CallExpression: (p) => {
              if (p.node.callee.type === 'Import') add(p.node.arguments[0]);
            },
          });
          program.node.body = specifiers.map((s) => t.importDeclaration([], t.stringLiteral(s)));
          program.node.directives = [];
        },
      },
    },
  };
}

module.exports = {
  babelrc: false,
  configFile: false,
  sourceType: 'module',
  plugins: [importsOnly],
};
