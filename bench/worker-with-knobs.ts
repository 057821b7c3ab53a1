// The production Worker with the benchmarks' knobs (bench/knobs.ts): what `npm run dev` serves when either is set
// (scripts/dev.mjs), for bench/http.ts and bench/load.mjs; test/limits/knobs.cases.ts checks it. It exports only
// what a Worker entry may: the handlers (production's queue and cron ones, so webhooks still deliver under the
// knobs) and the Durable Object classes.
import { createApp } from '../src/app';
import { createAuthenticate } from '../src/http/auth';
import worker from '../src/index';
import { isolateRevocations } from '../src/keys/revocations';
import { createRateLimit, isolateLeases } from '../src/limits';
import type { DeliveryMessage } from '../src/outbox/service';
import { farEnv, hopAdmission, type Knobs, reportWait } from './knobs';

export { EndedSessions, StoreAccess } from '../src/index';

const gate = (env: Env, name: string) => env.ACCESS.getByName(name);
const apps = {
  lease: createApp(createRateLimit({ gate, leases: isolateLeases, decided: reportWait })),
  // The hop takes no lease, so its key check asks the object for revocations alone.
  hop: createApp(
    createRateLimit({ gate, leases: isolateLeases, admit: hopAdmission, decided: reportWait }),
    createAuthenticate(isolateRevocations, null),
  ),
};

export default {
  ...worker,
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const app = (env as Env & Knobs).CPQ_ADMISSION === 'hop' ? apps.hop : apps.lease;
    return app.fetch(request, farEnv(env), ctx);
  },
} satisfies ExportedHandler<Env, DeliveryMessage>;
