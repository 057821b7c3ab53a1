// autocannon 9 ships without types; only what the benchmark uses.
declare module 'autocannon' {
  export interface Request {
    method?: 'GET' | 'POST';
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with every response; header names as the server sent them. */
    onResponse?: (status: number, body: string, context: object, headers: Record<string, string | string[]>) => void;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
    errors: number;
    timeouts: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
