// Builds the webpack configuration of one app (the shell or a remote). Every app's webpack.config.cjs
// is a call to this, so the five builds cannot drift apart.
const path = require('node:path');
const { Writable } = require('node:stream');
const { facadeAliases, sharedModules } = require('./shared-config.cjs');
const { PrecompressPlugin } = require('./precompress-plugin.cjs');
const { CompileHintsPlugin } = require('./compile-hints-plugin.cjs');
const { devSessionMiddleware } = require('./standalone/dev-session.cjs');
const { APPS, DEV_GATEWAY_URL } = require('./apps.cjs');

/** Resolved from the app's own folder: pnpm gives each app its own node_modules. */
function fromApp(appDir, request) {
  return require(require.resolve(request, { paths: [appDir] }));
}

/**
 * webpack's own JS minimizer (minimizer-webpack-plugin) running swc's minifier, licence comments kept inline.
 * swc (already the tests' compiler) minified the five apps in a fraction of terser's time with two compress
 * passes, for about the same bytes (docs/decisions.md "The build minifies with swc").
 */
function jsMinimizer(appDir) {
  const webpackDir = path.dirname(require.resolve('webpack/package.json', { paths: [appDir] }));
  const MinimizerPlugin = require(require.resolve('minimizer-webpack-plugin', { paths: [webpackDir] }));
  return new MinimizerPlugin({
    minify: MinimizerPlugin.swcMinify,
    extractComments: false,
    terserOptions: { compress: { passes: 2 }, mangle: true },
  });
}

/**
 * Shared modules that are always loaded together go in one file each. Module Federation puts every shared
 * module (and each of its dependencies) in a chunk of its own, so the admin dashboard fetched 36 scripts,
 * each gzipped alone: 11 KB more than the same bytes as one file (the federation tax, bench/README.md).
 * Only async chunks (where shared modules live) are grouped, and only what every page that needs one part
 * needs whole:
 * - `react` and `vendor`: what the shell's first render needs on every page, in two files because the browser
 *   compiles and runs a file in one task (as one file: 18 ms of CPU, a long task at Lighthouse's 4x slowdown):
 *   React, react-dom and the scheduler; the router and its facade, zustand, axios, react-toastify;
 * - `zod`: zod and its facades (the full contract's schemas; /login's zod-free contract does not load it);
 * - `primereact-base`: what every PrimeReact component imports (/login loads no PrimeReact script).
 * A provide or consume still loads its module's file; grouping changes files, not what is shared.
 */
function sharedChunkGroups() {
  const nodeModules = (packages) => new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`);
  const facades = (files) =>
    new RegExp(
      `[\\\\/]webpack[\\\\/]facades[\\\\/](${files.map((file) => file.replace('.', '\\.')).join('|')})$`,
    );
  const anyOf =
    (...tests) =>
    (module) => {
      const resource = module.nameForCondition?.();
      return Boolean(resource) && tests.some((test) => test.test(resource));
    };
  const group = (name, test) => ({ name, test, chunks: 'async', enforce: true });
  return {
    cacheGroups: {
      react: group('react', nodeModules(['react', 'react-dom', 'scheduler'])),
      vendor: group(
        'vendor',
        anyOf(
          nodeModules(['react-router', 'zustand', 'axios', 'react-toastify']),
          facades(['react-router-dom.mjs']),
        ),
      ),
      zod: group('zod', anyOf(nodeModules(['zod']), facades(['zod.mjs', 'zod-core.mjs']))),
      primereactBase: group(
        'primereact-base',
        nodeModules([
          'primereact[\\\\/](api|utils|hooks|componentbase|csstransition|ripple|portal|overlayservice|iconbase)',
        ]),
      ),
    },
  };
}

/**
 * @param {{ appDir: string, app: keyof typeof APPS }} options
 * @returns {(env: Record<string, unknown>, argv: { mode?: string }) => import('webpack').Configuration}
 */
/**
 * Where webpack's plugins log (stderr), less one line: the Module Federation manifest plugin warns on every build
 * of every app that 'Manifest will use absolute path resolution via its host at runtime, reason:
 * publicPath='auto''. That is the design (DESIGN §3: publicPath 'auto', each remote's chunks resolved from where
 * its manifest was loaded) and the plugin has no option to say so, so that exact warning is dropped here and
 * every other line passes. Not a TTY: no colour codes in logged output.
 */
const EXPECTED_MANIFEST_WARNING =
  /Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'/;
const infrastructureLog = new Writable({
  write(chunk, _encoding, done) {
    const text = chunk.toString();
    if (!EXPECTED_MANIFEST_WARNING.test(text)) process.stderr.write(text);
    done();
  },
});

/**
 * The theme's classes the first pages draw (shared-ui's themed controls): buttons in every variant, inputs,
 * and the component's states. shell/src/__tests__/first-pages-theme.test.ts fails when a page of the auth
 * remote or a themed control uses a class outside it.
 */
const FIRST_PAGES_THEME_CLASSES =
  '^p-(component|disabled|invalid|focus|filled|c|inputtext|button(-[\\w-]+)?)$';

function createAppConfig({ appDir, app }) {
  const spec = APPS[app];
  if (!spec) throw new Error(`Unknown app "${app}"; known: ${Object.keys(APPS).join(', ')}`);
  const isHost = spec.kind === 'host';

  return (_env, argv) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const serving = process.env.WEBPACK_SERVE === 'true';
    const HtmlWebpackPlugin = fromApp(appDir, 'html-webpack-plugin');
    const MiniCssExtractPlugin = fromApp(appDir, 'mini-css-extract-plugin');
    const { ModuleFederationPlugin } = fromApp(appDir, '@module-federation/enhanced/webpack');
    const webpack = fromApp(appDir, 'webpack');
    // A remote builds its standalone page (own router, dev session) only for its team's dev server;
    // the portal build ships the container alone.
    const standalone = !isHost && !production;
    // Hashed in development too: a shared module can be emitted once per runtime (page and container) with
    // different content, and only the hash keeps their names apart.
    const hashed = '.[contenthash:16]';
    // The federation runtime asks for the entry's file name before content hashes exist, only to learn its
    // folder depth; the unhashed name has the same folder.
    const jsFilename = (pathData) =>
      pathData.chunk?.contentHash?.javascript ? `[name]${hashed}.js` : '[name].js';

    const cssLoaders = (modules) => [
      production ? MiniCssExtractPlugin.loader : require.resolve('style-loader', { paths: [appDir] }),
      {
        loader: require.resolve('css-loader', { paths: [appDir] }),
        options: modules
          ? {
              importLoaders: 0,
              modules: {
                namedExport: false,
                exportLocalsConvention: 'as-is',
                localIdentName: production ? '[hash:base64:8]' : '[name]__[local]--[hash:base64:5]',
              },
            }
          : { importLoaders: 0, modules: false },
      },
    ];

    /** @type {import('webpack').Configuration} */
    const config = {
      name: spec.federationName,
      context: appDir,
      mode: production ? 'production' : 'development',
      target: 'web',
      // The container needs no entry of its own; the host and a remote's standalone page do.
      entry: isHost || standalone ? { main: './src/index.ts' } : {},
      output: {
        path: path.join(appDir, 'dist'),
        // Chunks are found next to the script that loaded them, so a remote can move without a rebuild.
        publicPath: 'auto',
        filename: jsFilename,
        chunkFilename: jsFilename,
        assetModuleFilename: `assets/[name]${production ? '.[contenthash:16]' : ''}[ext]`,
        cssFilename: `[name]${hashed}.css`,
        uniqueName: spec.federationName,
        clean: true,
      },
      devtool: production ? false : 'eval-cheap-module-source-map',
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // Code outside the app (the standalone harness in webpack/) resolves packages from the app.
        modules: ['node_modules', path.join(appDir, 'node_modules')],
        alias: facadeAliases(appDir),
      },
      module: {
        // A name missing from a shared facade (webpack/facades/) must fail the build, not the page.
        parser: { javascript: { exportsPresence: 'error' } },
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('ts-loader', { paths: [appDir] }),
              // Type checking is `tsc --noEmit` per package; the build only transpiles (fast on 2 cores).
              options: { transpileOnly: true, configFile: path.join(appDir, 'tsconfig.json') },
            },
          },
          { test: /\.module\.css$/, use: cssLoaders(true) },
          // `theme.css?first-pages`: the part of the theme the sign-in and registration pages use (see the loader).
          {
            test: /\.css$/,
            resourceQuery: /first-pages/,
            use: [
              ...cssLoaders(false),
              {
                loader: require.resolve('./theme-subset-loader.cjs'),
                options: { keep: FIRST_PAGES_THEME_CLASSES },
              },
            ],
          },
          {
            test: /\.css$/,
            exclude: /\.module\.css$/,
            resourceQuery: { not: [/first-pages/] },
            use: cssLoaders(false),
          },
          { test: /\.(woff2?|ttf|eot|otf)$/i, type: 'asset/resource' },
          {
            test: /\.(png|jpe?g|gif|svg|webp|ico)$/i,
            type: 'asset',
            parser: { dataUrlCondition: { maxSize: 4096 } },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: spec.federationName,
          ...(isHost
            ? {}
            : {
                filename: 'remoteEntry.js',
                exposes: { './routes': './src/routes.tsx' },
                manifest: true,
              }),
          shared: sharedModules(appDir),
          shareStrategy: 'loaded-first',
          // The host's runtime (which remotes built for the portal share) splits its start-up into short tasks.
          ...(isHost
            ? { runtimePlugins: [path.join(appDir, 'src', 'federation', 'yield-to-browser-plugin.ts')] }
            : {}),
          dts: false,
          experiments: {
            asyncStartup: true,
            // Browser only: the runtime's Node.js loading code is left out.
            optimization: { target: 'web' },
            // One copy of the federation runtime per page: the shell publishes it, remotes built for the
            // portal use it. A remote on its own dev server (standalone) brings its own.
            ...(isHost ? { provideExternalRuntime: true } : production ? { externalRuntime: true } : {}),
          },
        }),
        // The plugin that publishes the runtime for the remotes is resolved as CommonJS, which would bring a
        // second, CommonJS copy of runtime-core beside the ES one the shell runs (~20 KB gzip, and remotes
        // would get a different instance). Its ES build imports the same runtime-core as everything else.
        ...(isHost
          ? [
              new webpack.NormalModuleReplacementPlugin(
                /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/,
                (resource) => {
                  resource.request = resource.request.replace(/index\.cjs$/, 'index.js');
                },
              ),
            ]
          : []),
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: `[name]${hashed}.css`,
                chunkFilename: `[name]${hashed}.css`,
              }),
            ]
          : []),
        ...(isHost || standalone
          ? [
              new HtmlWebpackPlugin({
                template: isHost
                  ? path.join(appDir, 'public', 'index.html')
                  : path.join(__dirname, 'standalone.html'),
                title: spec.title,
                // The shell answers every deep link (/admin/users) with this page, so its scripts are absolute.
                publicPath: '/',
                scriptLoading: 'defer',
                chunks: ['main'],
              }),
            ]
          : []),
        // What runs whenever the app starts is compiled off the main thread: the shell's entry and the files of
        // its first render; a remote's container entry (remoteEntry.js).
        ...(production
          ? [new CompileHintsPlugin(isHost ? ['main', 'react', 'vendor'] : [spec.federationName])]
          : []),
        ...(production ? [new PrecompressPlugin()] : []),
      ],
      optimization: {
        // Content hashes must not change when an unrelated module is added.
        moduleIds: 'deterministic',
        chunkIds: 'deterministic',
        ...(production ? { minimizer: [jsMinimizer(appDir)], splitChunks: sharedChunkGroups() } : {}),
      },
      performance: { hints: false },
      stats: production ? 'errors-warnings' : 'minimal',
      infrastructureLogging: { level: 'warn', stream: infrastructureLog },
    };

    if (serving || !production) {
      config.devServer = {
        port: spec.devPort,
        host: 'localhost',
        hot: false,
        liveReload: true,
        // The shell (another port) loads this remote's manifest and chunks.
        headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: isHost || standalone ? { index: '/index.html' } : false,
        proxy: [{ context: ['/api'], target: DEV_GATEWAY_URL, changeOrigin: false }],
        // A standalone remote's dev session, one per dev server for every browser (standalone/dev-session.cjs).
        ...(standalone
          ? {
              setupMiddlewares: (middlewares) => [
                devSessionMiddleware({ gatewayUrl: DEV_GATEWAY_URL }),
                ...middlewares,
              ],
            }
          : {}),
        client: { overlay: { errors: true, warnings: false }, logging: 'warn' },
        devMiddleware: { stats: 'errors-warnings' },
        static: false,
      };
    }
    return config;
  };
}

module.exports = { createAppConfig, FIRST_PAGES_THEME_CLASSES };
