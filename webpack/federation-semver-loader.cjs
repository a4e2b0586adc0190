// The federation runtime checks a shared module's version against each consumer's requiredVersion with its own
// semver code (`satisfy`), which builds its regular expressions anew on every call: at start-up, ~10 shared
// modules for the shell and ~15 more for /register, it was about a third of the task that loads them (issue 26,
// Lighthouse's phone). Here its answer is remembered per (version, range), and each pattern is compiled once.
// Both functions are pure; the non-global patterns keep no state between uses.
// A runtime whose code no longer has these lines fails the build, so an upgrade cannot silently drop this.
const EDITS = [
  {
    file: /[\\/]utils[\\/]semver[\\/]index\.js$/,
    find: 'function satisfy(version, range) {',
    replace:
      'const satisfied = new Map();\n' +
      'function satisfy(version, range) {\n' +
      '\tconst key = `${version}\\u0000${range}`;\n' +
      '\tlet answer = satisfied.get(key);\n' +
      '\tif (answer === undefined) {\n' +
      '\t\tanswer = satisfyUncached(version, range);\n' +
      '\t\tsatisfied.set(key, answer);\n' +
      '\t}\n' +
      '\treturn answer;\n' +
      '}\n' +
      'function satisfyUncached(version, range) {',
  },
  {
    file: /[\\/]utils[\\/]semver[\\/]utils\.js$/,
    find: 'function parseRegex(source) {\n\treturn new RegExp(source);\n}',
    replace:
      'const compiled = new Map();\n' +
      'function parseRegex(source) {\n' +
      '\tlet pattern = compiled.get(source);\n' +
      '\tif (!pattern) {\n' +
      '\t\tpattern = new RegExp(source);\n' +
      '\t\tcompiled.set(source, pattern);\n' +
      '\t}\n' +
      '\treturn pattern;\n' +
      '}',
  },
];

/** @this {import('webpack').LoaderContext<unknown>} */
module.exports = function federationSemverLoader(source) {
  const edit = EDITS.find(({ file }) => file.test(this.resourcePath));
  if (!edit) return source;
  if (!source.includes(edit.find)) {
    throw new Error(
      `federation-semver-loader: ${this.resourcePath} no longer contains "${edit.find.split('\n')[0]}"; ` +
        'check the federation runtime upgrade (webpack/federation-semver-loader.cjs)',
    );
  }
  return source.replace(edit.find, edit.replace);
};

/** The files this loader edits (runtime-core's semver helpers, ES build). */
module.exports.test =
  /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]utils[\\/]semver[\\/](index|utils)\.js$/;
