// Run a Python file in Pyodide under Node, with host folders mounted (tests/test_lite.py).
// Usage: node run.mjs SCRIPT.py /mnt/a=/host/a [/mnt/b=/host/b ...]
// Prints what the script's last expression gives (a JSON text). Needs no network: the npm
// package carries the interpreter and the standard library; nothing else is loaded.
import { readFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const [script, ...mounts] = process.argv.slice(2);
const pyodide = await loadPyodide();
for (const mount of mounts) {
  const [inside, host] = mount.split("=");
  pyodide.FS.mkdirTree(inside);
  pyodide.mountNodeFS(inside, host);
}
const result = await pyodide.runPythonAsync(readFileSync(script, "utf8"), { filename: script });
process.stdout.write(String(result) + "\n");
