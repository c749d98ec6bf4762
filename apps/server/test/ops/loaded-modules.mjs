// Preloaded with `--import` by the start-up test (startup.test.ts): appends the URL of every file the
// process loads, one a line, to the file named by LOADED_MODULES_FILE, and `node:<name>` for each of
// Node's built-in modules it imports or requires. ES modules are seen by a module hook (it runs on the
// loader's thread); CommonJS files (what createRequire loads, such as native addons' packages) by
// wrapping Module._load on this thread.
import fs from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

// The web process's files only: its heavy-work processes inherit NODE_OPTIONS, and so this hook.
const file = process.argv[1]?.includes('heavy-worker') ? undefined : process.env.LOADED_MODULES_FILE;
// The hooks module is loaded again on the loader's thread: registering there would count each file twice.
if (file && isMainThread) {
  register(import.meta.url, { data: { file } });
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    try {
      const resolved = Module._resolveFilename(request, parent, isMain);
      if (resolved.startsWith('/')) fs.appendFileSync(file, `${pathToFileURL(resolved).href}\n`);
      else if (Module.isBuiltin(resolved)) fs.appendFileSync(file, `node:${resolved.replace(/^node:/, '')}\n`);
    } catch {
      // Not resolvable here: Module._load reports it.
    }
    return load.apply(this, arguments);
  };
}

let out;
/** Module hooks: where to write. */
export function initialize(data) {
  out = data.file;
}
/** Module hooks: each loaded ES module's URL, written before it is evaluated. */
export async function load(url, context, nextLoad) {
  if (out && (url.startsWith('file:') || url.startsWith('node:'))) fs.appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
