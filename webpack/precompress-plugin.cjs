// Writes a gzip twin (`x.js.gz`) of every text asset, once at build time, so the gateway sends compressed
// bytes without compressing on each request.
const zlib = require('node:zlib');

// Manifests stay plain: they are small, never cached, and rewritten on every deploy.
const COMPRESSIBLE = /\.(js|css|html|svg|txt)$/i;
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const buffer = source.buffer();
            if (buffer.length < MIN_BYTES) continue;
            const gzipped = zlib.gzipSync(buffer, { level: zlib.constants.Z_BEST_COMPRESSION });
            if (gzipped.length >= buffer.length) continue;
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipped), { compressed: true });
          }
        },
      );
    });
  }
}

module.exports = { PrecompressPlugin };
