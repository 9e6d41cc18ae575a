// `npm run test:node24`: the unit and API suites (`npm run test:unit`: the contracts, server
// and web projects) on Node 24 LTS, while the project itself runs on Node 20 (`.nvmrc`).
//
// 1. Node 24 comes from the npm registry, as the `node-<platform>-<arch>` package that the
//    `node` package installs (the binary and `include/node`, no npm), fetched with `npm pack`
//    so that no install script runs. The newest 24.x is looked up on each run; offline, the
//    cached one serves.
// 2. The working tree as it stands (tracked files and new ones that are not ignored, so
//    uncommitted changes are tested too) is mirrored into a copy, which has a `git init` of its
//    own because a test lists the repository's files with git.
// 3. The copy gets its own `npm ci` under Node 24: the native addons in the root
//    `node_modules` are built for Node 20 and stay as they are. better-sqlite3 is compiled
//    against downloaded headers (`npm_config_nodedir`) rather than fetched prebuilt, as
//    only the npm registry is assumed to be reachable; argon2 ships Node-API prebuilds. The
//    install is redone only when the lockfile, a package.json or Node's ABI changes.
//    The headers are those of the last 24.x before Node's `ObjectWrap` gained cleanup hooks
//    (24.19.0, https://github.com/nodejs/node/issues/65446): an addon built against the newer
//    headers aborts the process (`Assertion failed: (env) != nullptr`) whenever V8 collects
//    one of its objects outside a JavaScript context, at exit and at random GCs alike. The
//    crash follows the headers an addon was built against, not the runtime (same ABI, 137),
//    so the tests still run on the newest 24.x.
// 4. The suites run in the copy with Node 24 first on PATH (tests that start `node` or `npm`
//    get it too); TEST_DATABASE_URL passes through, which adds the PostgreSQL runs.
//
// Everything lives in node_modules/.cache/node24/ (ignored by git; `rm -rf` it to start over).
// Arguments replace the default projects and go to `vitest run`:
// `npm run test:node24 -- --project contracts`.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';

// NODE_MAJOR=22 runs the same on another line of Node (the default is the image's, 24).
const MAJOR = process.env.NODE_MAJOR ?? '24';
const root = join(import.meta.dirname, '..');
const cache = join(root, 'node_modules', '.cache', `node${MAJOR}`);
const tree = join(cache, 'tree');
const manifestFile = join(cache, 'tree-manifest.json');
const installStamp = join(cache, 'install-stamp');
const platformPackage = `node-${process.platform}-${process.arch}`;
/**
 * Per Node line, the newest release whose `node_object_wrap.h` is safe to build better-sqlite3
 * 12 against (see 3. above); used only while the runtime's own header carries the broken hooks.
 */
const SAFE_ADDON_HEADERS = { 24: '24.18.1' };

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const say = (text) => console.log(`[test:node${MAJOR}] ${text}`);

/** The environment without what an outer `npm run` exported (its node, its config). */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || key === 'NODE' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

/** Runs a command with inherited output and resolves with its exit code. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    process.on('SIGTERM', forward);
    process.on('SIGINT', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGTERM', forward);
      process.off('SIGINT', forward);
      resolve(code ?? 128 + constants.signals[signal]);
    });
  });
}

function compareVersions(a, b) {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i] - pb[i];
  return 0;
}

function cachedVersions() {
  if (!existsSync(cache)) return [];
  return readdirSync(cache)
    .map((name) => /^node-v(\d+\.\d+\.\d+)$/.exec(name)?.[1])
    .filter(
      (v) => v?.startsWith(`${MAJOR}.`) && existsSync(join(cache, `node-v${v}`, 'bin', 'node')),
    )
    .sort(compareVersions);
}

/** The newest 24.x on the registry, or the newest cached one when the registry is unreachable. */
function resolveVersion() {
  try {
    const out = execFileSync('npm', ['view', `${platformPackage}@${MAJOR}`, 'version', '--json'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: cleanEnv(),
    });
    const parsed = JSON.parse(out);
    const versions = (Array.isArray(parsed) ? parsed : [parsed]).filter((v) =>
      /^\d+\.\d+\.\d+$/.test(v),
    );
    if (versions.length > 0) return versions.sort(compareVersions).at(-1);
  } catch {
    // Offline or the registry failed: the cache decides below.
  }
  const cached = cachedVersions().at(-1);
  if (cached) {
    say(`the registry did not answer; using the cached Node ${cached}`);
    return cached;
  }
  throw new Error(`cannot look up ${platformPackage}@${MAJOR} on the npm registry`);
}

/**
 * Fetches `node-<platform>-<arch>@version` with `npm pack` (no install script runs) into a
 * fresh `work` folder and unpacks `members` of it (all by default); returns the `package`
 * folder the tarball unpacks to.
 */
function fetchNodePackage(version, work, members = []) {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const packed = JSON.parse(
    execFileSync(
      'npm',
      ['pack', `${platformPackage}@${version}`, '--json', '--pack-destination', work],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: cleanEnv() },
    ),
  );
  execFileSync('tar', ['-xzf', join(work, packed[0].filename), '-C', work, ...members], {
    stdio: 'inherit',
  });
  return join(work, 'package');
}

/** Node's directory (bin/node, include/node) in the cache, downloaded when missing. */
function ensureNode(version) {
  const dir = join(cache, `node-v${version}`);
  if (existsSync(join(dir, 'bin', 'node'))) return dir;
  say(`fetching ${platformPackage}@${version} from the npm registry`);
  const work = join(cache, 'download');
  const unpacked = fetchNodePackage(version, work);
  const reported = execFileSync(join(unpacked, 'bin', 'node'), ['--version'], {
    encoding: 'utf8',
  }).trim();
  if (reported !== `v${version}`) throw new Error(`the package's node reports ${reported}`);
  renameSync(unpacked, dir);
  rmSync(work, { recursive: true, force: true });
  // Older 24.x downloads are ~190 MB each and no longer used.
  for (const old of cachedVersions()) {
    if (old !== version) rmSync(join(cache, `node-v${old}`), { recursive: true, force: true });
  }
  return dir;
}

/**
 * The directory node-gyp builds the native addons against: the runtime's own, unless its
 * ObjectWrap carries the cleanup hooks that abort better-sqlite3 12, then the headers of the
 * release named in SAFE_ADDON_HEADERS (only `include/` is kept).
 */
function addonHeaders(nodeDir) {
  const wrap = readFileSync(join(nodeDir, 'include', 'node', 'node_object_wrap.h'), 'utf8');
  if (!wrap.includes('AddCleanupHook')) return { dir: nodeDir, version: 'runtime' };
  const version = SAFE_ADDON_HEADERS[MAJOR];
  if (!version) {
    throw new Error(
      `Node ${MAJOR}'s ObjectWrap aborts better-sqlite3 12 (nodejs/node#65446) and no safe headers are known`,
    );
  }
  const dir = join(cache, `headers-v${version}`);
  if (existsSync(join(dir, 'include', 'node', 'node.h'))) return { dir, version };
  say(`fetching the headers of ${platformPackage}@${version} to build the native addons against`);
  const work = join(cache, 'download-headers');
  const unpacked = fetchNodePackage(version, work, ['package/include']);
  mkdirSync(dir, { recursive: true });
  renameSync(join(unpacked, 'include'), join(dir, 'include'));
  rmSync(work, { recursive: true, force: true });
  return { dir, version };
}

/** The working tree's files: tracked (and still present) plus new ones git does not ignore. */
function workingTreeFiles() {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((f) => f.length > 0)
    .filter((f) => {
      try {
        const s = lstatSync(join(root, f));
        return s.isFile() || s.isSymbolicLink();
      } catch {
        return false; // deleted in the working tree
      }
    });
}

/** Mirrors the working tree into the copy: changed files copied, removed ones deleted. */
function syncTree() {
  const files = [...new Set(workingTreeFiles())];
  const previous = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : [];
  const current = new Set(files);
  let copied = 0;
  let removed = 0;
  for (const file of previous) {
    if (current.has(file)) continue;
    rmSync(join(tree, file), { force: true });
    removed++;
  }
  for (const file of files) {
    const from = join(root, file);
    const to = join(tree, file);
    const s = lstatSync(from);
    let t;
    try {
      t = lstatSync(to);
    } catch {
      t = undefined;
    }
    if (s.isSymbolicLink()) {
      const target = readlinkSync(from);
      if (t?.isSymbolicLink() && readlinkSync(to) === target) continue;
      if (t) unlinkSync(to);
      mkdirSync(dirname(to), { recursive: true });
      symlinkSync(target, to);
      copied++;
      continue;
    }
    const same =
      t?.isFile() &&
      t.size === s.size &&
      Math.trunc(t.mtimeMs) === Math.trunc(s.mtimeMs) &&
      t.mode === s.mode;
    if (same) continue;
    if (t) rmSync(to, { recursive: true, force: true });
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(from, to);
    utimesSync(to, s.atime, s.mtime);
    copied++;
  }
  writeFileSync(manifestFile, JSON.stringify(files));
  // A repository of its own, so `git ls-files` in the copy lists the same files.
  if (!existsSync(join(tree, '.git'))) {
    execFileSync('git', ['init', '-q'], { cwd: tree, stdio: 'inherit' });
  }
  return { files, copied, removed };
}

/** Installs the copy's dependencies under the chosen Node unless nothing they depend on changed. */
async function ensureInstall(files, nodeDir, env) {
  const abi = execFileSync(join(nodeDir, 'bin', 'node'), ['-p', 'process.versions.modules'], {
    encoding: 'utf8',
  }).trim();
  const headers = addonHeaders(nodeDir);
  const hash = createHash('sha256').update(`abi ${abi}\nheaders ${headers.version}\n`);
  for (const file of files.filter((f) => /(^|\/)package(-lock)?\.json$/.test(f)).sort()) {
    hash.update(`${file}\n`).update(readFileSync(join(tree, file)));
  }
  const stamp = hash.digest('hex');
  const installed = existsSync(join(tree, 'node_modules', '.package-lock.json'));
  if (installed && existsSync(installStamp) && readFileSync(installStamp, 'utf8') === stamp) {
    say('dependencies unchanged since the last install; skipping npm ci');
    return;
  }
  rmSync(installStamp, { force: true });
  say(
    `npm ci in the copy under Node ${MAJOR} (better-sqlite3 compiles from source against the ` +
      `${headers.version === 'runtime' ? "runtime's" : `${headers.version}`} headers; a few minutes)`,
  );
  const code = await run('npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: tree,
    env: {
      ...env,
      // node-gyp builds against the downloaded headers, not the machine's Node 20.
      npm_config_nodedir: headers.dir,
      npm_config_build_from_source: 'better-sqlite3',
    },
  });
  if (code !== 0) throw new Error(`npm ci under Node ${MAJOR} exited with ${code}`);
  const check = await run(
    'node',
    [
      '-e',
      "new (require('better-sqlite3'))(':memory:').close(); require('argon2'); console.log('native addons load under ' + process.version)",
    ],
    { cwd: join(tree, 'apps', 'server'), env },
  );
  if (check !== 0) throw new Error(`the native addons do not load under Node ${MAJOR}`);
  writeFileSync(installStamp, stamp);
}

async function main() {
  const vitestArgs = process.argv.slice(2);
  mkdirSync(tree, { recursive: true });

  const version = resolveVersion();
  const nodeDir = ensureNode(version);
  const env = cleanEnv({ PATH: `${join(nodeDir, 'bin')}:${process.env.PATH ?? ''}` });

  const { files, copied, removed } = syncTree();
  say(
    `working tree mirrored to ${tree} (${files.length} files; ${copied} copied, ${removed} removed)`,
  );
  await ensureInstall(files, nodeDir, env);

  const setupMs = Date.now() - started;
  const nodeVersion = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();
  const npmVersion = execFileSync('npm', ['--version'], { env, encoding: 'utf8' }).trim();
  say(`setup took ${seconds(setupMs)}`);
  say(
    `running ${vitestArgs.length > 0 ? `vitest run ${vitestArgs.join(' ')}` : 'npm run test:unit'} on Node ${nodeVersion} (npm ${npmVersion})` +
      (process.env.TEST_DATABASE_URL ? ', with PostgreSQL (TEST_DATABASE_URL)' : ', SQLite only'),
  );

  const testsStarted = Date.now();
  const code =
    vitestArgs.length > 0
      ? await run(
          'node',
          [join(tree, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...vitestArgs],
          {
            cwd: tree,
            env,
          },
        )
      : await run('npm', ['run', 'test:unit'], { cwd: tree, env });
  const testsMs = Date.now() - testsStarted;

  say(
    `Node ${nodeVersion}: setup ${seconds(setupMs)}, tests ${seconds(testsMs)}, total ${seconds(Date.now() - started)}; ` +
      (code === 0 ? 'passed' : `failed (exit code ${code})`),
  );
  process.exit(code);
}

main().catch((error) => {
  console.error(`[test:node${MAJOR}] ${error.message}`);
  process.exit(1);
});
