// The part of autocannon's API the load bench uses (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }
  interface Result {
    non2xx: number;
    errors: number;
    requests: { total: number; average: number };
    latency: { p50: number; p99: number; max: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
