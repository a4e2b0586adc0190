// Chromium compiles a script's functions lazily, each on the main thread when it is first called. A file that
// starts with V8's explicit compile hint `//# allFunctionsCalledOnLoad` (Chromium 136 and later) is compiled
// whole while it streams in, on a background thread; other browsers read a comment. Only for the chunks every
// page runs at start-up: compiling a file whose functions mostly wait for later would be wasted work.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

class CompileHintsPlugin {
  /** @param {string[]} chunkNames */
  constructor(chunkNames) {
    this.chunkNames = new Set(chunkNames);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minification (which drops comments), before content hashes and the gzip twins are made.
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          for (const chunk of compilation.chunks) {
            if (!chunk.name || !this.chunkNames.has(chunk.name)) continue;
            for (const file of chunk.files) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource(COMPILE_HINT, source));
            }
          }
        },
      );
    });
  }
}

module.exports = { CompileHintsPlugin, COMPILE_HINT };
