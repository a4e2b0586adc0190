// Keeps, of a PrimeReact theme, the rules the first pages need: a selector stays when every PrimeReact class in
// it matches `keep` (variables, fonts and animations stay whole). The sign-in and registration pages
// draw native controls with the theme's button and input classes, and parsing the whole 224 KB theme before
// they answer was a long task on a phone (issue 26). The whole theme loads with the signed-in layout; it
// repeats these rules in their own order, so once it is there the cascade is the theme's own.
const PRIMEREACT_CLASS = /\.p-[\w-]+/g;

/** @this {import('webpack').LoaderContext<{ keep: string }>} */
module.exports = function themeSubsetLoader(source) {
  const keep = new RegExp(this.getOptions().keep);
  const postcss = require(require.resolve('postcss', { paths: [this.rootContext] }));
  const root = postcss.parse(source, { from: this.resourcePath });
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && rule.parent.name.endsWith('keyframes')) return;
    const kept = rule.selectors.filter((selector) =>
      (selector.match(PRIMEREACT_CLASS) ?? []).every((name) => keep.test(name.slice(1))),
    );
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  });
  // Blocks emptied above (a media query of removed rules) go too, innermost first.
  let emptied;
  do {
    emptied = 0;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied += 1;
      }
    });
  } while (emptied > 0);
  return root.toString();
};
