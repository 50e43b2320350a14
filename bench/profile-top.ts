/**
 * The functions a CPU profile (.cpuprofile, as `PROFILE=` in bench/outliner-editor.ts writes it)
 * spent most time in: self time and total time (self plus callees, each function counted once per
 * stack), in ms.
 *
 *   npx tsx bench/profile-top.ts /tmp/move.cpuprofile [rows]
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-top.ts file.cpuprofile [rows]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;

const self = new Map<string, number>();
const total = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const leaf = byId.get(id)!;
  self.set(name(leaf), (self.get(name(leaf)) ?? 0) + ms);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = name(byId.get(at)!);
    if (seen.has(key)) continue;
    seen.add(key);
    total.set(key, (total.get(key) ?? 0) + ms);
  }
});
const top = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(rowsArg ?? 30))
    .map(([k, v]) => `${v.toFixed(1).padStart(9)}  ${k}`)
    .join('\n');
console.log(`self (ms)\n${top(self)}\n\ntotal (ms)\n${top(total)}`);
