// Minimal typing of the part of autocannon the bench uses (the package ships no types).
declare module "autocannon" {
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
    "2xx": number;
    duration: number;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Request extends RequestParams {
    /** Called before each request is sent; returns the request to send. */
    setupRequest?: (req: RequestParams) => RequestParams;
  }
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      /** A number of requests instead of a duration; every one is answered before the run ends. */
      amount?: number;
      connections?: number;
      duration?: number;
      pipelining?: number;
      /** Requests per second over all connections (a steady rate instead of as fast as possible). */
      overallRate?: number;
    }
  }
  /** A running load: a promise of its result that can be stopped early. */
  function autocannon(opts: autocannon.Options): Promise<Result> & { stop(): void };
  export default autocannon;
}
