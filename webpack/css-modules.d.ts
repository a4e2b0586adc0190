// CSS Modules as the build loads them (css-loader, default export of class names); plain CSS for side effects.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
declare module '*.css';
