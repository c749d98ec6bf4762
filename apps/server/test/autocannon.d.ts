// The part of autocannon's programmatic API the benchmarks and the many-artists operations test use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Each request in turn; `setupRequest` may change one before it is sent (headers, path). */
    requests?: { method?: string; path?: string; setupRequest?: (request: { headers?: Record<string, string>; path?: string }) => { headers?: Record<string, string>; path?: string } }[];
  }
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
