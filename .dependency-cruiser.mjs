/**
 * Import circles (npm run lint): a circle inside one feature folder is the feature's own business;
 * one that crosses feature folders or layers (core, policy, shared, another feature) ties parts
 * together that docs/architecture.md keeps apart, so it fails. Biome has no cycle rule, hence this.
 */
const SEE = 'See docs/architecture.md, "Rules" and "Adding a feature".';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circle-across-features',
      severity: 'error',
      comment:
        'This import closes a circle through another feature folder or a layer. Features call each other ' +
        'through exported service functions one way, and hear each other through the event bus; move what both ' +
        `need to the feature that owns it, or to the core. ${SEE}`,
      from: { path: '^src/(server|web)/features/([^/]+)/' },
      to: { circular: true, via: { pathNot: '^src/$1/features/$2/' } },
    },
    {
      name: 'no-circle-outside-features',
      severity: 'error',
      comment:
        'This import closes a circle between layers (core, policy, shared, web). The core knows no feature, ' +
        `and a layer imports only those beneath it. ${SEE}`,
      from: { path: '^src/', pathNot: '^src/(server|web)/features/[^/]+/' },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: '^src/',
    exclude: { path: '\\.test\\.tsx?$' },
    // The imports that run: `import type` vanishes with type stripping and closes no circle at run time.
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'node', 'default'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
