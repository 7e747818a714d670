// `npm start`: install if needed, build if stale, then run the companion server in the foreground.
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies, root } from './lib/prepare.mjs';

ensureDependencies();
if (ensureBuild() !== 0) {
  console.error('rivulet: the build failed; see the output above.');
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});

// Ctrl-C reaches the whole process group; the server shuts down by itself and we exit with it.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
