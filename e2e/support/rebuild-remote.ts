import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './gateway';

/**
 * The production build the portal ships, minus the minifier: the tests deploy what these builds emit and watch
 * it run (module federation's version checks, the chunks, the precompressed copies), which minifying does not
 * change; the minifier (terser, two passes over every chunk) is work these three builds in the e2e run need not do.
 */
const TEST_BUILD_ARGS = ['--mode', 'production', '--no-optimization-minimize'];

/**
 * Builds one remote from a scratch copy of its sources (the checkout stays untouched), after `change`
 * edited the copy. Same build configuration, same installed packages. Returns the build's dist folder.
 */
export function buildRemoteCopy(app: string, scratch: string, change: (srcDir: string) => void): string {
  const workspace = path.join(scratch, 'workspace');
  const appDir = path.join(workspace, app);
  mkdirSync(appDir, { recursive: true });
  cpSync(path.join(REPO_ROOT, 'webpack'), path.join(workspace, 'webpack'), { recursive: true });
  for (const file of ['tsconfig.base.json', 'tsconfig.web.json'])
    cpSync(path.join(REPO_ROOT, file), path.join(workspace, file));
  for (const file of ['package.json', 'tsconfig.json', 'webpack.config.cjs'])
    cpSync(path.join(REPO_ROOT, app, file), path.join(appDir, file));
  cpSync(path.join(REPO_ROOT, app, 'src'), path.join(appDir, 'src'), { recursive: true });
  symlinkSync(path.join(REPO_ROOT, app, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  change(path.join(appDir, 'src'));

  const webpackCli = createRequire(path.join(REPO_ROOT, app, 'package.json')).resolve(
    'webpack-cli/bin/cli.js',
  );
  const build = spawnSync(process.execPath, [webpackCli, ...TEST_BUILD_ARGS], {
    cwd: appDir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (build.status !== 0)
    throw new Error(`Building the ${app} copy failed:\n${build.stdout}\n${build.stderr}`);
  return path.join(appDir, 'dist');
}

/** Wraps every page of a remote's `routes.tsx` with a visible marker: a change anyone can see on screen. */
export function markEveryPage(srcDir: string, marker: string): void {
  const routesFile = path.join(srcDir, 'routes.tsx');
  const routes = readFileSync(routesFile, 'utf8');
  if (!routes.includes('export default routes;'))
    throw new Error(`${routesFile} no longer ends with "export default routes;"`);
  writeFileSync(
    path.join(srcDir, 'deploy-marker.tsx'),
    `import type { RemoteRouteDefinition } from '@portal/shared-ui';
export function withMarker(route: RemoteRouteDefinition): RemoteRouteDefinition {
  const { Component } = route;
  return { ...route, Component: () => (<><p role="status">${marker}</p><Component /></>) };
}
`,
  );
  writeFileSync(
    routesFile,
    `import { withMarker } from './deploy-marker';\n${routes.replace('export default routes;', 'export default routes.map(withMarker);')}`,
  );
}

/** The commit before the last one that changed `folder`: "the previous version" of that app. */
export function previousCommitOf(folder: string): string {
  const log = spawnSync('git', ['log', '--format=%H', '-n', '2', 'HEAD', '--', folder], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  const commits = log.stdout.trim().split('\n').filter(Boolean);
  if (log.status !== 0 || commits.length < 2)
    throw new Error(`${folder} has no previous commit in this checkout (git log: ${log.stderr})`);
  return commits[1];
}

/**
 * Builds an app (the shell or a remote) from its folder as it was at `commit`, with today's build
 * configuration (webpack/) and installed packages, so only the app's own code is of another version.
 */
export function buildAppAtCommit(app: string, commit: string, scratch: string): string {
  const workspace = path.join(scratch, `workspace-${app}-${commit.slice(0, 8)}`);
  mkdirSync(workspace, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit, app], {
    cwd: REPO_ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (archive.status !== 0) throw new Error(`git archive ${commit} ${app}: ${archive.stderr}`);
  const untar = spawnSync('tar', ['-x', '-C', workspace], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar: ${untar.stderr}`);
  cpSync(path.join(REPO_ROOT, 'webpack'), path.join(workspace, 'webpack'), { recursive: true });
  for (const file of ['tsconfig.base.json', 'tsconfig.web.json'])
    cpSync(path.join(REPO_ROOT, file), path.join(workspace, file));
  const appDir = path.join(workspace, app);
  symlinkSync(path.join(REPO_ROOT, app, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  const webpackCli = createRequire(path.join(REPO_ROOT, app, 'package.json')).resolve(
    'webpack-cli/bin/cli.js',
  );
  const build = spawnSync(process.execPath, [webpackCli, ...TEST_BUILD_ARGS], {
    cwd: appDir,
    encoding: 'utf8',
    timeout: 280_000,
  });
  if (build.status !== 0)
    throw new Error(`Building ${app} at ${commit} failed:\n${build.stdout}\n${build.stderr}`);
  return path.join(appDir, 'dist');
}
