// Every web package's tests: findBy* and waitFor wait up to 5 s instead of 1 s. A first render that loads a lazy
// chunk (swc transforms it on first use) can take longer than a second on a busy 2-core CI machine; a test that
// waits for something that never comes still fails, only later. The very copy of @testing-library/react the
// test file imports is configured (each package has its own in pnpm's layout), found from the test file's
// folder: in the one jest run of every package (jest.projects.cjs) the working directory is not the package's.
const path = require('node:path');

const from = path.dirname(expect.getState().testPath);
const { configure } = require(require.resolve('@testing-library/react', { paths: [from] }));

configure({ asyncUtilTimeout: 5000 });
