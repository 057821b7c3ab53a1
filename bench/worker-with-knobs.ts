// The production Worker with the benchmarks' knobs (bench/knobs.ts): what `npm run dev` serves when either is set
// (scripts/dev.mjs), for bench/http.ts and bench/load.mjs, and the fault knobs for the outbox's soak
// (test/e2e/outbox-soak.e2e.mjs); test/limits/knobs.cases.ts checks it. It exports only what a Worker entry may:
// the handlers (production's queue and cron ones, so webhooks still deliver under the knobs; the cron's queue sends
// fail as the knob says) and the Durable Object classes.
import { createApp } from '../src/app';
import { createAuthenticate } from '../src/http/auth';
import worker from '../src/index';
import { isolateRevocations } from '../src/keys/revocations';
import { createRateLimit, isolateLeases } from '../src/limits';
import type { DeliveryMessage } from '../src/outbox/service';
import { farEnv, faultEnv, hopAdmission, type Knobs, reportWait } from './knobs';

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
    return app.fetch(request, farEnv(faultEnv(env, true)), ctx);
  },
  scheduled: (controller: ScheduledController, env: Env, ctx: ExecutionContext) =>
    worker.scheduled(controller, farEnv(faultEnv(env, false)), ctx),
} satisfies ExportedHandler<Env, DeliveryMessage>;
