/** The parts of @20minutes/s3rver (a local S3-compatible server, no types shipped) the tests use. */
declare module '@20minutes/s3rver' {
  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    configureBuckets?: Array<{ name: string }>;
    allowMismatchedSignatures?: boolean;
  };
  export default class S3rver {
    constructor(options: Options);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
