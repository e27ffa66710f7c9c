// Samples the resident memory (VmRSS) of a process and all its descendants from /proc, every `everyMs`,
// keeping each process's peak and the peak of the sum. Linux only; for the long-video service bench.
import { readdirSync, readFileSync } from "node:fs";
import { basename } from "node:path";

export interface ProcPeak {
  label: string;
  /** How many processes of this label were seen. */
  count: number;
  /** The largest VmRSS one of them reached, bytes. */
  peak: number;
  /** When (performance.now()). */
  at: number;
}

/** Pure: the parent pid from /proc/<pid>/stat (its comm, in parentheses, may hold spaces). */
export function parentOf(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
}

/** Pure: VmRSS in bytes from /proc/<pid>/status (0 when absent, as for a zombie). */
export function rssOf(status: string): number {
  const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** Pure: a short name for a process from its argv: the script a node or python runs, else the program. */
export function labelOf(argv: string[]): string {
  const program = basename(argv[0] ?? "?");
  if (/^(node|python[\d.]*)$/.test(program)) {
    const script = argv.slice(1).find((a) => /\.(ts|js|py)$/.test(a));
    if (script) return `${program.replace(/[\d.]+$/, "")} ${basename(script)}`;
    const module = argv.indexOf("-m");
    if (module > 0) return `${program.replace(/[\d.]+$/, "")} -m ${argv[module + 1]}`;
  }
  return program;
}

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

/** The pids of `root` and every descendant now. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (!stat) continue;
    const ppid = parentOf(stat);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out;
}

export class TreeSampler {
  private readonly peaks = new Map<string, ProcPeak>();
  private readonly seen = new Set<string>();
  private sumPeak = 0;
  private sumAt = 0;
  private timer: NodeJS.Timeout | undefined;

  private readonly root: number;
  private readonly rootLabel: string;

  constructor(root: number, rootLabel = "server") {
    this.root = root;
    this.rootLabel = rootLabel;
  }

  start(everyMs = 250): this {
    this.sample();
    this.timer = setInterval(() => this.sample(), everyMs);
    return this;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Starts the peaks again (each video length gets its own). */
  reset(): void {
    this.peaks.clear();
    this.seen.clear();
    this.sumPeak = 0;
    this.sumAt = 0;
  }

  sample(): void {
    let sum = 0;
    for (const pid of tree(this.root)) {
      const status = read(`/proc/${pid}/status`);
      const cmdline = read(`/proc/${pid}/cmdline`);
      if (!status || cmdline === null) continue;
      const rss = rssOf(status);
      sum += rss;
      const label = pid === this.root ? this.rootLabel : labelOf(cmdline.split("\0").filter(Boolean));
      const p = this.peaks.get(label) ?? { label, count: 0, peak: 0, at: 0 };
      // a pid is counted once per label (an exec'd child changes its label)
      if (!this.seen.has(`${pid} ${label}`)) {
        this.seen.add(`${pid} ${label}`);
        p.count++;
      }
      if (rss > p.peak) {
        p.peak = rss;
        p.at = performance.now();
      }
      this.peaks.set(label, p);
    }
    if (sum > this.sumPeak) {
      this.sumPeak = sum;
      this.sumAt = performance.now();
    }
  }

  result(): { processes: ProcPeak[]; sumPeak: number; sumAt: number } {
    const processes = [...this.peaks.values()].sort((a, b) => b.peak - a.peak);
    return { processes, sumPeak: this.sumPeak, sumAt: this.sumAt };
  }
}
