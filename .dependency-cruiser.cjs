/**
 * The imports that must never be (docs/architecture.md, "Layers"). `npm run lint` fails on any
 * of them. Tests are left out of the layer rules: they wire the layers together on purpose (a
 * module's test may start a listener); they are still checked for cycles.
 */
const server = '^apps/server/src/';
const notTest = '\\.test\\.ts$';

const layer = (name, comment, from, to) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: notTest },
  to: { path: to },
});

module.exports = {
  forbidden: [
    layer(
      'domain-is-pure',
      'packages/domain is imported by server and web alike; it imports neither.',
      '^packages/domain/',
      '^apps/',
    ),
    layer(
      'web-not-server',
      'The web app talks to the server over HTTP only.',
      '^apps/web/',
      '^apps/server/',
    ),
    layer(
      'ingest-not-modules-or-db',
      'Listeners hand positions to the pipeline and tell the bus; they never reach modules or SQL.',
      `${server}ingest/`,
      `${server}(modules|db)/`,
    ),
    layer(
      'pipeline-not-modules-or-http',
      'The pipeline learns of changes from the bus; it never calls a module or the HTTP layer.',
      `${server}pipeline/`,
      `${server}(modules|http)/`,
    ),
    layer(
      'modules-not-pipeline-or-realtime',
      'A module publishes an event instead of reaching into the pipeline or the realtime hub.',
      `${server}modules/`,
      `${server}(pipeline|realtime)/`,
    ),
    layer(
      'db-is-the-bottom',
      'db/ holds schema, migrations and the client; it imports nothing above it.',
      `${server}db/`,
      `${server}(?!db/)`,
    ),
    layer(
      'map-and-components-take-props',
      'Shared widgets and the map take what they need as props, never the session.',
      '^apps/web/src/(map|components)/',
      '^apps/web/src/app/session',
    ),
    {
      name: 'no-cycles',
      comment: 'A cycle makes two files one; split what both need into a third.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
  },
};
