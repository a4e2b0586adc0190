import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { REPO_ROOT } from './gateway';

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
  const build = spawnSync(process.execPath, [webpackCli, '--mode', 'production'], {
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
